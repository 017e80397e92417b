/**
 * Upload messages and the file size and extension helpers without the schemas (zod-free for the web
 * app); `media.ts` re-exports them.
 */

/** The spec 000 §5 message for a file over the size limit; `%s` is a human size ("50 MB"). */
export const UPLOAD_TOO_BIG_MESSAGE = 'The uploaded file was too big (max %s).';

/** The spec 000 §5 message for a refused extension; `%s` is the allowed list ("jpg, png"). */
export const UPLOAD_EXTENSION_MESSAGE =
  'The uploaded file did not have an allowed extension. Only the following extensions are allowed. %s.';

/** api-contract §1.13: upload flood control. */
export const UPLOAD_FLOOD_MESSAGE = 'You have exceeded the threshold for file uploads.';

const sizeUnits = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** A byte count for people (spec 001 §9 units B, KB, MB, GB, TB; 1024 each): `52428800` → "50 MB". */
export function formatFileSize(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < sizeUnits.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const rounded = Math.round(value * 10) / 10;
  return `${Number.isInteger(rounded) ? rounded.toFixed(0) : rounded.toFixed(1)} ${sizeUnits[unit]}`;
}

/**
 * The allowed extension a file name ends with (case-insensitive; the longest wins, so
 * `a.tar.gz` matches `tar.gz` before `gz`), or null.
 */
export function matchAllowedExtension(fileName: string, allowed: readonly string[]): string | null {
  const lower = fileName.toLowerCase();
  let best: string | null = null;
  for (const extension of allowed) {
    const candidate = extension.toLowerCase().replace(/^\.+/, '');
    if (candidate === '' || !lower.endsWith(`.${candidate}`)) continue;
    // A name that is only the extension (".png") has no file name before it.
    if (lower.length === candidate.length + 1) continue;
    if (best === null || candidate.length > best.length) best = candidate;
  }
  return best;
}
