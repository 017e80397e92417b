import { has } from '../../../../common/src/permissions/has.ts';
import type { PermissionSet } from '../../../../common/src/permissions/types.ts';
import { REACTION_TAG_TYPE } from '../../../../common/src/api/tags.ts';

/** api-contract §11: creating, editing and deleting tags need `community.manage`. */
export function canManageTags(set: PermissionSet): boolean {
  return has(set, 'community.manage');
}

/** api-contract §11 and §8: creating a tag (also through `newTagNames`) needs `tags.add`. */
export function canAddTags(set: PermissionSet): boolean {
  return has(set, 'tags.add');
}

/** Reaction tags anchor reaction types: they are changed through `/reactions`, never deleted. */
export function isReservedTagType(type: string): boolean {
  return type.toLowerCase() === REACTION_TAG_TYPE.toLowerCase();
}
