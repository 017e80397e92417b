import { has } from '../../../../common/src/permissions/has.ts';
import type { PermissionSet } from '../../../../common/src/permissions/types.ts';
import type { Actor } from '../../http/context.ts';
import type { AccessTokenRow } from './tokens.repo.ts';

/** api-contract §2: listing, creating and revealing tokens need `tokens.add`. */
export function canUseTokens(set: PermissionSet): boolean {
  return has(set, 'tokens.add');
}

/** The owner sees and revokes a token; `site.manage` holders anyone's. */
export function canAccessToken(actor: Actor, set: PermissionSet, token: AccessTokenRow): boolean {
  return (actor.userID !== 0 && token.userID === actor.userID) || has(set, 'site.manage');
}
