import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from './db/db.ts';
import { findConfigValue, insertConfigValueIfMissing } from './secrets.repo.ts';

const SECRET_KEY = 'hearth.secret';

/** The site's signing secret, created on first use and kept in the config table (never readable through /config). */
export async function loadOrCreateSecret(db: Db): Promise<string> {
  const existing = await findConfigValue(db, SECRET_KEY);
  if (existing !== undefined) return JSON.parse(existing) as string;
  await insertConfigValueIfMissing(db, SECRET_KEY, JSON.stringify(randomBytes(32).toString('base64url')));
  const stored = await findConfigValue(db, SECRET_KEY);
  if (stored === undefined) throw new Error('The site secret could not be stored.');
  return JSON.parse(stored) as string;
}

/** HMAC-SHA256 of `value` with the site secret, base64url. */
export function sign(secret: string, value: string): string {
  return createHmac('sha256', secret).update(value).digest('base64url');
}

/** Constant-time comparison of two strings. */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** A random URL-safe token of `bytes` bytes. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}
