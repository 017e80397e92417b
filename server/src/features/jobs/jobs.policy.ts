import { has } from '../../../../common/src/permissions/has.ts';
import type { PermissionSet } from '../../../../common/src/permissions/types.ts';

/** Administrators see the job queue and retry dead jobs: `site.manage` (Hearth's own call). */
export function canManageJobs(set: PermissionSet): boolean {
  return has(set, 'site.manage');
}
