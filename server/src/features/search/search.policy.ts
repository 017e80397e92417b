import { has } from '../../../../common/src/permissions/has.ts';
import type { PermissionSet } from '../../../../common/src/permissions/types.ts';

/** api-contract §17: members appear in results only for viewers who may see profiles. */
export function canSearchUsers(set: PermissionSet): boolean {
  return has(set, 'profiles.view');
}

/** api-contract §17 member search: filtering members by e-mail needs `personalInfo.view`. */
export function canSearchUsersByEmail(set: PermissionSet): boolean {
  return has(set, 'personalInfo.view');
}

/** api-contract §17 member search: roles and banned members are for moderators (`community.moderate`). */
export function canSearchUsersByModeration(set: PermissionSet): boolean {
  return has(set, 'community.moderate');
}
