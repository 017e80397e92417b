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
