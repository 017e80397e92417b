import type { PermissionSet } from '../../../../common/src/permissions/types.ts';
import { has } from '../../../../common/src/permissions/has.ts';

/** api-contract §27.9: the audit log is for `site.manage` holders. */
export function canReadAuditLogs(set: PermissionSet): boolean {
  return has(set, 'site.manage');
}
