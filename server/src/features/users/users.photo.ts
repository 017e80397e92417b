import type { UserRef } from '../../../../common/src/api/users.ts';
import type { RequestContext } from '../../http/context.ts';
import { authorize } from '../../permissions/authorize.ts';
import { nowIso } from '../../platform/dates.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import {
  deleteUpload,
  detectImageType,
  extensionOf,
  imageExtensions,
  imageTypes,
  isStoredUploadPath,
  saveUpload,
} from '../../platform/uploads.ts';
import { authorizeActingOnUser } from './users.rank.ts';
import { storedPhotoUrl } from './users.present.ts';
import { updateUser } from './users.repo.ts';
import { requireLiveUser, isSelf, resolveUserRef } from './users.service.ts';

/** Largest accepted profile picture. */
export const USER_PHOTO_MAX_BYTES = 5 * 1024 * 1024;

/** Where profile pictures are stored, under `DATA_DIR/uploads`. */
const PHOTO_FOLDER = 'userpics';

export const NO_PHOTO = 'The user does not have a photo.';
export const NOT_AN_IMAGE = 'The uploaded file is not a valid image.';

/** spec 000 §5 upload messages. */
export function photoTooBigMessage(): string {
  return `The uploaded file was too big (max ${USER_PHOTO_MAX_BYTES / (1024 * 1024)} MB).`;
}

function photoExtensionMessage(): string {
  return `The uploaded file did not have an allowed extension. Only the following extensions are allowed. ${imageExtensions.join(', ')}.`;
}

/** Who may change a user's picture: the user themself, or a `users.edit` holder of no lower rank. */
async function authorizePhotoEdit(ctx: RequestContext, userID: number): Promise<void> {
  authorize(ctx.actor.userID !== 0, { permissions: 'session.valid' });
  if (isSelf(ctx, userID)) return;
  await authorizeActingOnUser(ctx, userID, 'users.edit');
}

/** An uploaded file as the route read it. */
export interface UploadedPhoto {
  fileName: string;
  bytes: Uint8Array;
}

/**
 * `POST /users/{id}/photo` (api-contract §3): a JPEG, PNG, GIF or WebP picture (checked by its
 * bytes, not its name), stored under a random name; the old picture is removed. The upload is
 * read through `readUpload` after the permission checks.
 * @throws AppError 403, 404, validation errors on `photo`.
 */
export async function setUserPhoto(
  ctx: RequestContext,
  ref: UserRef,
  readUpload: () => Promise<UploadedPhoto>,
): Promise<{ photoUrl: string }> {
  const userID = await resolveUserRef(ctx, ref);
  const row = await requireLiveUser(ctx.db, userID);
  await authorizePhotoEdit(ctx, userID);
  // Read only once the caller may change this picture.
  const upload = await readUpload();
  if (!imageExtensions.includes(extensionOf(upload.fileName)))
    throw fieldError('photo', photoExtensionMessage(), 422);
  if (upload.bytes.byteLength > USER_PHOTO_MAX_BYTES)
    throw fieldError('photo', photoTooBigMessage(), 422);
  const type = detectImageType(upload.bytes);
  if (type === null) throw fieldError('photo', NOT_AN_IMAGE, 422);
  const saved = await saveUpload(ctx.config.dataDir, {
    folder: PHOTO_FOLDER,
    bytes: upload.bytes,
    extension: imageTypes[type][0],
    type,
  });
  try {
    await updateUser(ctx.db, userID, { photo: saved.path, dateUpdated: nowIso(ctx.clock) });
  } catch (error) {
    await deleteUpload(ctx.config.dataDir, saved.path);
    throw error;
  }
  if (row.photo !== null && isStoredUploadPath(row.photo))
    await deleteUpload(ctx.config.dataDir, row.photo);
  return { photoUrl: storedPhotoUrl(ctx.config.baseUrl, saved.path) ?? '' };
}

/**
 * `DELETE /users/{id}/photo` (api-contract §3).
 * @throws AppError 400 "The user does not have a photo.", 403, 404.
 */
export async function deleteUserPhoto(ctx: RequestContext, ref: UserRef): Promise<void> {
  const userID = await resolveUserRef(ctx, ref);
  const row = await requireLiveUser(ctx.db, userID);
  await authorizePhotoEdit(ctx, userID);
  if (row.photo === null || row.photo === '') throw new AppError(400, NO_PHOTO);
  await updateUser(ctx.db, userID, { photo: null, dateUpdated: nowIso(ctx.clock) });
  if (isStoredUploadPath(row.photo)) await deleteUpload(ctx.config.dataDir, row.photo);
}
