import assert from 'node:assert/strict';
import type { LightMyRequestResponse } from 'fastify';

/** Fails when a body carries a password (key or hash) or any of the given e-mail addresses. */
export function assertNoLeak(
  response: LightMyRequestResponse,
  hiddenEmails: readonly string[],
): void {
  const body = response.body;
  assert.doesNotMatch(body, /"password(Hash)?"\s*:/i, 'a password key leaked');
  assert.doesNotMatch(body, /scrypt\$/, 'a password hash leaked');
  const lower = body.toLowerCase();
  for (const email of hiddenEmails)
    assert.ok(!lower.includes(email.toLowerCase()), `e-mail ${email} leaked`);
}

/** A `multipart/form-data` body with one file part (and optional text fields). */
export function multipartBody(
  parts: { field: string; fileName?: string; contentType?: string; content: Uint8Array | string }[],
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----hearth${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition =
      part.fileName === undefined
        ? `form-data; name="${part.field}"`
        : `form-data; name="${part.field}"; filename="${part.fileName}"`;
    const head = [`--${boundary}`, `Content-Disposition: ${disposition}`];
    if (part.contentType) head.push(`Content-Type: ${part.contentType}`);
    chunks.push(Buffer.from(`${head.join('\r\n')}\r\n\r\n`));
    chunks.push(
      typeof part.content === 'string' ? Buffer.from(part.content) : Buffer.from(part.content),
    );
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** The smallest valid images of each accepted type (a 1×1 pixel). */
export const tinyImages = {
  png: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  ),
  gif: Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'),
  jpeg: Buffer.from([
    0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01,
    0x00, 0x01, 0x00, 0x00, 0xff, 0xd9,
  ]),
  webp: Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64'),
} as const;
