import { bulkMessages } from '../../../../../../common/src/api/discussions.constants.ts';
import { has } from '../../../../../../common/src/permissions/has.ts';
import type { PermissionName } from '../../../../../../common/src/permissions/names.ts';
import type { PermissionSet } from '../../../../../../common/src/permissions/types.ts';

/** What the pre-checks need of a selected discussion. */
export interface BulkDiscussion {
  discussionID: number;
  name: string;
  categoryID: number;
  closed: boolean;
  insertUserID?: number;
}

export type BulkAction = 'move' | 'merge' | 'close' | 'delete';

/** Why an action cannot run: the spec's message and, for permissions, the offending names. */
export interface BulkRefusal {
  message: string;
  names: string[];
}

function inCategory(
  permissions: PermissionSet | null,
  names: PermissionName | readonly PermissionName[],
  categoryID: number,
): boolean {
  return has(permissions, names, { resourceType: 'category', resourceID: categoryID });
}

/** The viewer: their permission set and user ID (authors may close their own with closeOwn). */
export interface BulkViewer {
  permissions: PermissionSet | null;
  userID: number;
}

/** Moderators edit and move anything (spec 000 §6 community.moderate, discussions.edit). */
function canEdit(viewer: BulkViewer, item: BulkDiscussion): boolean {
  return (
    has(viewer.permissions, 'community.moderate') ||
    inCategory(viewer.permissions, 'discussions.edit', item.categoryID)
  );
}

/** spec 000 §6: discussions.close in the category, or the author with discussions.closeOwn. */
function canClose(viewer: BulkViewer, item: BulkDiscussion): boolean {
  if (inCategory(viewer.permissions, 'discussions.close', item.categoryID)) return true;
  return (
    viewer.userID !== 0 &&
    item.insertUserID === viewer.userID &&
    inCategory(viewer.permissions, 'discussions.closeOwn', item.categoryID)
  );
}

function canDelete(viewer: BulkViewer, item: BulkDiscussion): boolean {
  return inCategory(viewer.permissions, 'discussions.delete', item.categoryID);
}

/**
 * spec 000 §6 "discussions.manage" in Hearth's names: the viewer may select a discussion for bulk
 * actions when they may edit (move, merge) or delete it.
 */
export function canBulkManage(viewer: BulkViewer, item: BulkDiscussion): boolean {
  return viewer.userID !== 0 && (canEdit(viewer, item) || canDelete(viewer, item));
}

const allowed: Record<BulkAction, (viewer: BulkViewer, item: BulkDiscussion) => boolean> = {
  move: canEdit,
  merge: canEdit,
  close: canClose,
  delete: canDelete,
};

const permissionMessage: Record<BulkAction, string> = {
  move: bulkMessages.edit,
  merge: bulkMessages.edit,
  close: bulkMessages.close,
  delete: bulkMessages.delete,
};

/**
 * The client-side pre-check of a bulk action (spec 000 §5): merge needs at least 2 discussions,
 * close is refused when all are already closed, and every action needs its permission on each
 * discussion's category, naming those that lack it. Null when the action may run.
 */
export function bulkPreCheck(
  action: BulkAction,
  selected: readonly BulkDiscussion[],
  viewer: BulkViewer,
): BulkRefusal | null {
  if (action === 'merge' && selected.length < 2) {
    return { message: bulkMessages.mergeTooFew, names: [] };
  }
  if (action === 'close' && selected.length > 0 && selected.every((item) => item.closed)) {
    return { message: bulkMessages.alreadyClosed, names: [] };
  }
  const lacking = selected.filter((item) => !allowed[action](viewer, item));
  if (lacking.length > 0) {
    return { message: permissionMessage[action], names: lacking.map((item) => item.name) };
  }
  return null;
}
