import type { PermissionSet } from '../../../../common/src/permissions/types.ts';
import { has } from '../../../../common/src/permissions/has.ts';

/** api-contract §23: every drafts call needs a signed-in user. */
export function canUseDrafts(set: PermissionSet, userID: number): boolean {
  return userID > 0 && has(set, 'session.valid');
}

/** api-contract §23: a draft is its author's; another user's needs `community.moderate`. */
export function canAccessDraft(set: PermissionSet, userID: number, draft: { insertUserID: number }): boolean {
  return userID > 0 && (draft.insertUserID === userID || has(set, 'community.moderate'));
}

/** api-contract §23: scheduling needs `schedule.allow`. */
export function canScheduleDrafts(set: PermissionSet): boolean {
  return has(set, 'schedule.allow');
}
