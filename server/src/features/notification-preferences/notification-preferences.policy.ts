import { has } from '../../../../common/src/permissions/has.ts';
import type { PermissionSet } from '../../../../common/src/permissions/types.ts';

/** api-contract §6: the site defaults are for `site.manage`. */
export function canManageDefaults(set: PermissionSet): boolean {
  return has(set, 'site.manage');
}

/** api-contract §6: the e-mail column is shown and honoured only for holders of `email.view`. */
export function canReceiveEmail(set: PermissionSet): boolean {
  return has(set, 'email.view');
}

/**
 * api-contract §6, §27.2: the `Report` preference is for moderators: `community.moderate`, or
 * `posts.moderate` in any category.
 */
export function canReceiveReports(set: PermissionSet): boolean {
  return has(set, ['community.moderate', 'posts.moderate'], { mode: 'globalOrResource', resourceType: 'category' });
}
