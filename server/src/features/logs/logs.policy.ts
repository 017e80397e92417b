import type { PermissionSet } from '../../../../common/src/permissions/types.ts';
import { has } from '../../../../common/src/permissions/has.ts';
import { categoryResource, type CategoryPermissionTarget } from '../categories/categories.policy.ts';

// api-contract §27.2: who may read and restore the change log.

/** The permissions a refused moderator call names (api-contract §27.10). */
export const MODERATOR_PERMISSIONS = ['posts.moderate', 'community.moderate'] as const;

/** Every entry of a record type: `community.moderate`; user entries also `users.edit`. */
export function canReadAllLogs(set: PermissionSet, recordType: string): boolean {
  return has(set, 'community.moderate') || (recordType === 'user' && has(set, 'users.edit'));
}

/** A moderator of a category: `community.moderate`, or `posts.moderate` there. */
export function moderatesCategory(set: PermissionSet, category: CategoryPermissionTarget | undefined): boolean {
  if (has(set, 'community.moderate')) return true;
  return category !== undefined && has(set, 'posts.moderate', categoryResource(category));
}

/**
 * The revision history and deleted comments of one discussion: its moderators, and holders of
 * `discussions.moderate` in its category (spec 000 §6). Authors are not moderators of their posts.
 */
export function canReadDiscussionLogs(set: PermissionSet, category: CategoryPermissionTarget | undefined): boolean {
  if (moderatesCategory(set, category)) return true;
  return category !== undefined && has(set, 'discussions.moderate', categoryResource(category));
}

/** `POST /logs/{id}/restore`: `community.moderate`, or a moderator of the record's category. */
export function canRestoreLog(set: PermissionSet, category: CategoryPermissionTarget | undefined): boolean {
  return moderatesCategory(set, category);
}
