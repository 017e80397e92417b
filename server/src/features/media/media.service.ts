import type { Readable } from 'node:stream';
import { imageSize } from 'image-size';
import {
  formatFileSize,
  matchAllowedExtension,
  UPLOAD_EXTENSION_MESSAGE,
  UPLOAD_FLOOD_MESSAGE,
  UPLOAD_TOO_BIG_MESSAGE,
  type Media,
} from '../../../../common/src/api/media.ts';
import type { RequestContext } from '../../http/context.ts';
import { authorize } from '../../permissions/authorize.ts';
import { nowIso } from '../../platform/dates.ts';
import { fieldError, notFound } from '../../platform/errors.ts';
import { enforceThrottle, type ThrottleRule } from '../../platform/throttle.ts';
import {
  commitUpload,
  deleteUpload,
  detectImageType,
  discardUpload,
  imageTypes,
  receiveUpload,
  type ReceivedUpload,
} from '../../platform/uploads.ts';
import { getSettings } from '../config/config.service.ts';
import { canManageMedia, canUpload, canUploadSvg } from './media.policy.ts';
import { presentMedia } from './media.present.ts';
import { deleteMediaByID, findMediaByID, insertMedia } from './media.repo.ts';

/** Where uploads are stored, under `DATA_DIR/uploads`. */
const MEDIA_FOLDER = 'media';

/** api-contract §1.13 upload flood control: at most 30 uploads a minute per user. */
export const UPLOAD_FLOOD_RULE: ThrottleRule = { limit: 30, windowSeconds: 60 };

const NOT_AN_IMAGE = 'The uploaded file is not a valid image.';

/** Extensions that claim a raster image: the bytes must prove it (magic numbers). */
const imageExtensions = new Set(['jpg', 'jpeg', 'png', 'gif', 'webp']);

/** Types reported for other extensions (informational: files are served by their stored name). */
const typesByExtension: Readonly<Record<string, string>> = {
  svg: 'image/svg+xml',
  bmp: 'image/bmp',
  ico: 'image/x-icon',
  tiff: 'image/tiff',
  txt: 'text/plain',
  log: 'text/plain',
  pdf: 'application/pdf',
  zip: 'application/zip',
  gz: 'application/gzip',
  'tar.gz': 'application/gzip',
  tgz: 'application/gzip',
  rar: 'application/vnd.rar',
  '7z': 'application/x-7z-compressed',
  psd: 'image/vnd.adobe.photoshop',
  ai: 'application/postscript',
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};

/** The multipart file as the route opens it: its client name and its content stream. */
export interface IncomingFile {
  fileName: string;
  stream: Readable;
  /** True when the multipart reader cut the file at `maxBytes`. */
  wasTruncated(): boolean;
}

function tooBig(maxBytes: number): Error {
  return fieldError('file', UPLOAD_TOO_BIG_MESSAGE.replace('%s', formatFileSize(maxBytes)), 422, 'invalid');
}

function badExtension(allowed: readonly string[]): Error {
  return fieldError('file', UPLOAD_EXTENSION_MESSAGE.replace('%s', allowed.join(', ')), 422, 'invalid');
}

function dimensionsOf(head: Buffer): { width: number | null; height: number | null } {
  try {
    const size = imageSize(head);
    const valid = (value: number | undefined) =>
      value !== undefined && Number.isInteger(value) && value > 0 ? value : null;
    return { width: valid(size.width), height: valid(size.height) };
  } catch {
    return { width: null, height: null };
  }
}

/** The client's file name as shown to people: no folders, no control characters, at most 255 characters. */
function displayNameOf(fileName: string): string {
  // eslint-disable-next-line no-control-regex
  const base = fileName.split(/[/\\]/).at(-1)?.replace(/[\u0000-\u001f\u007f]/g, '').trim() ?? '';
  return (base === '' ? 'file' : base).slice(0, 255);
}

// The stored name keeps a short, safe extension; serving decides the type from it (uploads.ts).
function storedExtension(extension: string): string {
  const last = extension.split('.').at(-1) ?? '';
  return /^[a-z0-9]{2,5}$/.test(last) ? last : 'bin';
}

/**
 * `POST /media` (api-contract §18): checks `uploads.add` and the flood rule, then streams the file
 * (at most `upload.maxSize`) and checks its extension against `upload.allowedExtensions`
 * (case-insensitive; `community.manage` may add svg). Images must be what their bytes say.
 * @throws AppError 403, 429 "You have exceeded the threshold for file uploads.", validation errors on `file`.
 */
export async function uploadMedia(
  ctx: RequestContext,
  openFile: (maxBytes: number) => Promise<IncomingFile | null>,
): Promise<Media> {
  authorize(canUpload(ctx.permissions), { permissions: 'uploads.add' });
  await enforceThrottle(ctx.db, `uploads:user:${ctx.actor.userID}`, UPLOAD_FLOOD_RULE, UPLOAD_FLOOD_MESSAGE);

  const settings = await getSettings(ctx.db);
  const maxBytes = settings['upload.maxSize'];
  const allowed = [...settings['upload.allowedExtensions']];
  if (canUploadSvg(ctx.permissions) && !allowed.includes('svg')) allowed.push('svg');

  const file = await openFile(maxBytes);
  if (file === null) throw fieldError('file', 'file is required.', 400, 'missingField');
  // Refuse a bad name before reading the content; the stream is drained so the request ends.
  const extension = matchAllowedExtension(file.fileName, allowed);
  if (extension === null) {
    file.stream.resume();
    throw badExtension(allowed);
  }

  const received: ReceivedUpload = await receiveUpload(ctx.config.dataDir, file.stream, maxBytes);
  let storedPath: string | null = null;
  try {
    if (received.tooBig || file.wasTruncated()) throw tooBig(maxBytes);
    if (received.size === 0) throw fieldError('file', 'file is not a valid file upload.', 422, 'invalid');

    let type = typesByExtension[extension] ?? 'application/octet-stream';
    let saveAs = storedExtension(extension);
    let dimensions: { width: number | null; height: number | null } = { width: null, height: null };
    if (imageExtensions.has(extension)) {
      const detected = detectImageType(received.head);
      if (detected === null) throw fieldError('file', NOT_AN_IMAGE, 422, 'invalid');
      type = detected;
      saveAs = imageTypes[detected][0];
      dimensions = dimensionsOf(received.head);
    } else if (['svg', 'bmp', 'ico'].includes(extension)) {
      dimensions = dimensionsOf(received.head);
    }

    storedPath = await commitUpload(ctx.config.dataDir, received, { folder: MEDIA_FOLDER, extension: saveAs });
    const row = await insertMedia(ctx.db, {
      insertUserID: ctx.actor.userID,
      path: storedPath,
      name: displayNameOf(file.fileName),
      type,
      size: received.size,
      width: dimensions.width,
      height: dimensions.height,
      // api-contract §18: "embed" on upload, the uploader's user ID.
      foreignType: 'embed',
      foreignID: String(ctx.actor.userID),
      dateInserted: nowIso(ctx.clock),
    });
    return presentMedia(row, ctx.config.baseUrl);
  } catch (error) {
    if (storedPath === null) await discardUpload(received);
    else await deleteUpload(ctx.config.dataDir, storedPath);
    throw error;
  }
}

async function requireManageableMedia(ctx: RequestContext, mediaID: number) {
  const row = await findMediaByID(ctx.db, mediaID);
  if (row === undefined) throw notFound('Media');
  authorize(canManageMedia(ctx.permissions, ctx.actor.userID, row), { permissions: 'community.manage' });
  return row;
}

/**
 * `GET /media/{id}` (api-contract §18), for the uploader or `community.manage`.
 * @throws AppError 403, 404 "Media not found.".
 */
export async function getMedia(ctx: RequestContext, mediaID: number): Promise<Media> {
  const row = await requireManageableMedia(ctx, mediaID);
  return presentMedia(row, ctx.config.baseUrl);
}

/**
 * `DELETE /media/{id}?deleteFile=` (api-contract §18), by the uploader or `community.manage`;
 * the stored file is removed too unless `deleteFile=false`.
 * @throws AppError 403, 404 "Media not found.".
 */
export async function deleteMedia(
  ctx: RequestContext,
  mediaID: number,
  options: { deleteFile: boolean },
): Promise<void> {
  const row = await requireManageableMedia(ctx, mediaID);
  await deleteMediaByID(ctx.db, mediaID);
  if (options.deleteFile) await deleteUpload(ctx.config.dataDir, row.path);
}
