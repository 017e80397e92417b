import type { ConfigReadLevel, ConfigWriteLevel } from '../../../../common/src/api/config.ts';
import { has } from '../../../../common/src/permissions/has.ts';
import type { PermissionSet } from '../../../../common/src/permissions/types.ts';

/**
 * api-contract §14 `x-read`: `public` is anyone (banned users included: `GET /config` does no ban
 * check), `member` any signed-in user, otherwise the named global permission.
 */
export function canReadSetting(set: PermissionSet, level: ConfigReadLevel): boolean {
  switch (level) {
    case 'public':
      return true;
    case 'member':
      return has(set, 'session.valid');
    case 'community.moderate':
    case 'community.manage':
    case 'site.manage':
      return has(set, level);
  }
}

/** api-contract §14 `x-write`: the named global permission. */
export function canWriteSetting(set: PermissionSet, level: ConfigWriteLevel): boolean {
  return has(set, level);
}
