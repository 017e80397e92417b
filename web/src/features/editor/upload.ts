import { formatFileSize } from '../../../../common/src/api/media.files.ts';
import { t } from '../../lib/i18n.ts';
import type { UploadLimits } from '../media/api/media.api.ts';

/** Image extensions the editor can show inline. */
export const imageExtensions: readonly string[] = [
  'jpg',
  'jpeg',
  'gif',
  'png',
  'bmp',
  'webp',
  'tif',
  'tiff',
  'ico',
  'svg',
  'avif',
];

/** The extension of a file name, lower-case (`tar.gz` counts as `gz`), or '' without one. */
export function fileExtension(name: string): string {
  const match = /\.([^./\\]+)$/.exec(name);
  return match?.[1]?.toLowerCase() ?? '';
}

/**
 * Checks an image before it is uploaded (spec 000 §5): the extension, compared case-insensitively,
 * must be an allowed image extension, and the size must not exceed the maximum. Returns the
 * spec's message, or null when the file may go.
 */
export function checkImageFile(
  file: { name: string; size: number },
  limits: UploadLimits,
): string | null {
  const allowed = imageExtensions.filter(
    (extension) =>
      limits.allowedExtensions === null || limits.allowedExtensions.includes(extension),
  );
  if (!allowed.includes(fileExtension(file.name))) {
    return t(
      'The uploaded file did not have an allowed extension. Only the following extensions are allowed. %s.',
    ).replace('%s', allowed.join(', '));
  }
  if (limits.maxSize !== null && file.size > limits.maxSize) {
    return t('The uploaded file was too big (max %s).').replace(
      '%s',
      formatFileSize(limits.maxSize),
    );
  }
  return null;
}
