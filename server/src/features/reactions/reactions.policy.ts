import type { ReactionClass } from '../../../../common/src/api/reactions.ts';
import { has } from '../../../../common/src/permissions/has.ts';
import { isPermissionName, type PermissionName } from '../../../../common/src/permissions/names.ts';
import type { PermissionSet } from '../../../../common/src/permissions/types.ts';
import { categoryIDsWith, isInCategoryScope } from '../../permissions/category-scope.ts';

/** What the policies need of a reacted record. */
export interface ReactionTargetAccess {
  permissionCategoryID: number;
}

/** What the policies need of a reaction type. */
export interface ReactionTypeAccess {
  class: ReactionClass;
  permission: string | null;
}

/** api-contract §10: reacting and reading the log need the record viewable (category `discussions.view`). */
export function canViewReactionTarget(set: PermissionSet, target: ReactionTargetAccess): boolean {
  return isInCategoryScope(categoryIDsWith(set, 'discussions.view'), target.permissionCategoryID);
}

/** Reacting needs a signed-in user (api-contract §10). */
export function canReact(set: PermissionSet): boolean {
  return has(set, 'session.valid');
}

/** Moderators and site managers may use every reaction class (api-contract §10). */
function bypassesReactionPermissions(set: PermissionSet): boolean {
  return has(set, 'community.moderate') || has(set, 'site.manage');
}

/**
 * The permission a reaction type asks for: its own (Promote: `curation.manage`, spec 000 §6), else
 * `reactions.<class>.add`.
 */
export function reactionTypePermission(type: ReactionTypeAccess): PermissionName {
  if (type.permission !== null && isPermissionName(type.permission)) return type.permission;
  return `reactions.${type.class}.add`;
}

/** spec 000 §6: `reactions.{class}.add`, Promote `curation.manage`; moderators bypass. */
export function canUseReactionType(set: PermissionSet, type: ReactionTypeAccess): boolean {
  return has(set, reactionTypePermission(type)) || bypassesReactionPermissions(set);
}

/** spec 000 §6: Flag-class reactions are shown to `community.moderate` holders only. */
export function canSeeFlagReactions(set: PermissionSet): boolean {
  return has(set, 'community.moderate');
}

/** api-contract §10: removing another user's reaction needs `community.moderate`. */
export function canRemoveReactionOf(
  set: PermissionSet,
  actorUserID: number,
  userID: number,
): boolean {
  if (!has(set, 'session.valid')) return false;
  return actorUserID === userID || has(set, 'community.moderate');
}

/** api-contract §10: changing a reaction type needs `community.manage`. */
export function canManageReactionTypes(set: PermissionSet): boolean {
  return has(set, 'community.manage');
}
