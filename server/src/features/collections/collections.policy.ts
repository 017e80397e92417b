import { has } from '../../../../common/src/permissions/has.ts';
import type { PermissionSet } from '../../../../common/src/permissions/types.ts';

/** api-contract §12: every collections call needs `community.manage`. */
export function canManageCollections(set: PermissionSet): boolean {
  return has(set, 'community.manage');
}
