import { has } from '../../../../common/src/permissions/has.ts';
import type { PermissionSet } from '../../../../common/src/permissions/types.ts';

/** api-contract §18: uploading needs `uploads.add`. */
export function canUpload(set: PermissionSet): boolean {
  return has(set, 'uploads.add');
}

/** api-contract §18: `community.manage` may also upload SVG files. */
export function canUploadSvg(set: PermissionSet): boolean {
  return has(set, 'community.manage');
}

/** api-contract §18: an upload's record is read and deleted by its owner or `community.manage`. */
export function canManageMedia(
  set: PermissionSet,
  actorUserID: number,
  media: { insertUserID: number },
): boolean {
  if (actorUserID !== 0 && media.insertUserID === actorUserID) return true;
  return has(set, 'community.manage');
}
