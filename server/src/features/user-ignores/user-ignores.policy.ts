import { has } from '../../../../common/src/permissions/has.ts';
import type { PermissionSet } from '../../../../common/src/permissions/types.ts';

/** Issue 13: any signed-in member keeps an ignore list of their own. */
export function canIgnoreUsers(set: PermissionSet, userID: number): boolean {
  return userID > 0 && has(set, 'session.valid');
}
