import { formatFileSize, matchAllowedExtension, UPLOAD_EXTENSION_MESSAGE, UPLOAD_TOO_BIG_MESSAGE } from '../../../../../common/src/api/media.files.ts';
import type { Media } from '../../../../../common/src/api/media.ts';
import { api, ApiError } from '../../../lib/api.ts';
import type { PublicConfig } from '../../../lib/bootstrap.ts';
import { t } from '../../../lib/i18n.ts';

export type { Media };

/** The upload settings the client checks before sending (api-contract §18, spec 000 §5). */
export interface UploadLimits {
  /** `upload.maxSize` in bytes; null when unknown (the server still checks). */
  maxSize: number | null;
  /** `upload.allowedExtensions`; null when unknown. */
  allowedExtensions: readonly string[] | null;
  /** `community.manage` may also upload svg. */
  allowSvg?: boolean;
}

/** Reads `upload.maxSize` / `upload.allowedExtensions` from settings (the page bootstrap or `GET /config`). */
export function uploadLimitsFrom(config: PublicConfig, allowSvg = false): UploadLimits {
  const maxSize = config['upload.maxSize'];
  const extensions = config['upload.allowedExtensions'];
  return {
    maxSize: typeof maxSize === 'number' && maxSize > 0 ? maxSize : null,
    allowedExtensions:
      Array.isArray(extensions) && extensions.every((item) => typeof item === 'string')
        ? (extensions as string[])
        : null,
    allowSvg,
  };
}

function fileError(message: string): ApiError {
  return new ApiError(message, {
    status: 422,
    errors: { file: [{ field: 'file', code: 'invalid', message, status: 422 }] },
  });
}

/**
 * spec 000 §5: the client refuses a file over the maximum size or without an allowed extension
 * (case-insensitive) before sending it, with the spec's messages. Returns the error, or null.
 */
export function checkUpload(file: { name: string; size: number }, limits: UploadLimits): ApiError | null {
  if (limits.allowedExtensions !== null) {
    const allowed = [...limits.allowedExtensions];
    if (limits.allowSvg === true && !allowed.includes('svg')) allowed.push('svg');
    if (matchAllowedExtension(file.name, allowed) === null) {
      return fileError(
        t(UPLOAD_EXTENSION_MESSAGE).replace('%s', allowed.join(', ')),
      );
    }
  }
  if (limits.maxSize !== null && file.size > limits.maxSize) {
    return fileError(t(UPLOAD_TOO_BIG_MESSAGE).replace('%s', formatFileSize(limits.maxSize)));
  }
  return null;
}

let limitsRequest: Promise<UploadLimits> | null = null;

/** The upload settings from `GET /config` (member-readable), fetched once per page. */
export function fetchUploadLimits(): Promise<UploadLimits> {
  limitsRequest ??= api
    .get<PublicConfig>('/config', { query: { select: 'upload.maxSize,upload.allowedExtensions' } })
    .then((config) => uploadLimitsFrom(config))
    .catch(() => {
      // Without the settings the server's own checks still apply.
      limitsRequest = null;
      return { maxSize: null, allowedExtensions: null };
    });
  return limitsRequest;
}

/** Forgets the fetched settings (tests, or after an administrator changed them). */
export function resetUploadLimits(): void {
  limitsRequest = null;
}

/**
 * `POST /media` with the multipart field `file` (api-contract §18): answers the Media. The file is
 * first checked against the site's limits (those given, the rest fetched once) and refused with an
 * `ApiError` whose `file` field carries the spec message, without any upload.
 * @throws ApiError
 */
export async function uploadMedia(file: File, limits: Partial<UploadLimits> = {}): Promise<Media> {
  const known =
    limits.maxSize !== undefined && limits.allowedExtensions !== undefined
      ? { maxSize: limits.maxSize, allowedExtensions: limits.allowedExtensions }
      : await fetchUploadLimits();
  const problem = checkUpload(file, {
    maxSize: limits.maxSize ?? known.maxSize,
    allowedExtensions: limits.allowedExtensions ?? known.allowedExtensions,
    allowSvg: limits.allowSvg ?? false,
  });
  if (problem !== null) throw problem;
  const body = new FormData();
  body.append('file', file);
  return api.post<Media>('/media', body);
}

/** `DELETE /media/{id}`. */
export async function deleteMedia(mediaID: number): Promise<void> {
  await api.delete<null>(`/media/${mediaID}`);
}
