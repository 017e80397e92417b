import { createHash } from 'node:crypto';

/** Tokens are stored only as SHA-256 hashes: a leaked table does not leak usable tokens. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}
