import { has } from '../../../../common/src/permissions/has.ts';
import type { PermissionSet } from '../../../../common/src/permissions/types.ts';
import { rankLevels } from '../users/users.policy.ts';

/** Issue 13: any signed-in member keeps an ignore list of their own. */
export function canIgnoreUsers(set: PermissionSet, userID: number): boolean {
  return userID > 0 && has(set, 'session.valid');
}

/**
 * Vanilla's Ignore plugin (`ignoreRestricted`, with `Plugins.Ignore.AllowModeratorIgnore` off):
 * staff cannot be ignored, i.e. a user who holds `community.moderate` or any higher rank; nor a
 * user who outranks the actor. Whatever the actor's own rank.
 */
export function canIgnoreTarget(actorRank: number, targetRank: number): boolean {
  return targetRank < rankLevels.moderator && targetRank <= actorRank;
}
