import type { DiscussionPermissions } from '../../../../common/src/api/discussions.ts';
import { has } from '../../../../common/src/permissions/has.ts';
import type { PermissionName } from '../../../../common/src/permissions/names.ts';
import type { PermissionSet } from '../../../../common/src/permissions/types.ts';
import {
  canViewCategory,
  categoryResource,
  type CategoryPermissionTarget,
} from '../categories/categories.policy.ts';

/** What the policies need of a discussion. */
export interface DiscussionTarget {
  insertUserID: number;
  closed: boolean;
  dateInserted: string;
}

/** Who asks and under which settings. */
export interface DiscussionActor {
  set: PermissionSet;
  userID: number;
}

/** `ui.editContentTimeout` in seconds (-1: no limit) and the time to judge it at. */
export interface EditWindow {
  timeoutSeconds: number;
  now: number;
}

function inCategory(
  actor: DiscussionActor,
  name: PermissionName | readonly PermissionName[],
  category: CategoryPermissionTarget,
): boolean {
  return has(actor.set, name, categoryResource(category));
}

function isSignedIn(actor: DiscussionActor): boolean {
  return actor.userID > 0 && has(actor.set, 'session.valid');
}

function isAuthor(actor: DiscussionActor, discussion: DiscussionTarget): boolean {
  return actor.userID > 0 && actor.userID === discussion.insertUserID;
}

/** api-contract §8: a discussion is visible with `discussions.view` in its category. */
export function canViewDiscussion(set: PermissionSet, category: CategoryPermissionTarget): boolean {
  return canViewCategory(set, category);
}

/** api-contract §8: posting needs a signed-in user with `discussions.add` in the category. */
export function canAddDiscussion(
  actor: DiscussionActor,
  category: CategoryPermissionTarget,
): boolean {
  return isSignedIn(actor) && inCategory(actor, 'discussions.add', category);
}

/**
 * spec 000 §6: moderators edit anything with no time limit: `community.moderate`, or
 * `discussions.edit` in the category. They are also exempt from flood control and premoderation.
 */
export function isDiscussionModerator(
  actor: DiscussionActor,
  category: CategoryPermissionTarget,
): boolean {
  return has(actor.set, 'community.moderate') || inCategory(actor, 'discussions.edit', category);
}

/** The outcome of an edit check: allowed, refused outright (403), or the author's window closed (400). */
export type EditDecision = 'allowed' | 'denied' | 'timeout';

/**
 * spec 000 §6: authors edit their own unclosed post within `ui.editContentTimeout` seconds (-1 no
 * limit); moderators (`discussions.edit` in the category or `community.moderate`) always.
 */
export function decideEditDiscussion(
  actor: DiscussionActor,
  discussion: DiscussionTarget,
  category: CategoryPermissionTarget,
  window: EditWindow,
): EditDecision {
  if (!isSignedIn(actor)) return 'denied';
  if (isDiscussionModerator(actor, category)) return 'allowed';
  if (!isAuthor(actor, discussion)) return 'denied';
  if (discussion.closed) return 'timeout';
  if (window.timeoutSeconds === -1) return 'allowed';
  const age = (window.now - Date.parse(discussion.dateInserted)) / 1000;
  return age <= window.timeoutSeconds ? 'allowed' : 'timeout';
}

/** Seconds the author has left to edit (null: no limit), as the edit link's label needs. */
export function editSecondsLeft(discussion: DiscussionTarget, window: EditWindow): number | null {
  if (window.timeoutSeconds === -1) return null;
  const age = (window.now - Date.parse(discussion.dateInserted)) / 1000;
  return Math.max(0, Math.floor(window.timeoutSeconds - age));
}

/** spec 000 §6: `discussions.close` in the category, or the author with `discussions.closeOwn`. */
export function canCloseDiscussion(
  actor: DiscussionActor,
  discussion: DiscussionTarget,
  category: CategoryPermissionTarget,
): boolean {
  if (!isSignedIn(actor)) return false;
  if (inCategory(actor, 'discussions.close', category)) return true;
  return isAuthor(actor, discussion) && inCategory(actor, 'discussions.closeOwn', category);
}

/** api-contract §8: `sink` needs `discussions.sink` in the category. */
export function canSinkDiscussion(
  actor: DiscussionActor,
  category: CategoryPermissionTarget,
): boolean {
  return isSignedIn(actor) && inCategory(actor, 'discussions.sink', category);
}

/** api-contract §8: `pinned`/`pinLocation`/`announce` need `discussions.announce` in the category. */
export function canAnnounceDiscussion(
  actor: DiscussionActor,
  category: CategoryPermissionTarget,
): boolean {
  return isSignedIn(actor) && inCategory(actor, 'discussions.announce', category);
}

/** api-contract §8: deleting needs `discussions.delete` in the category. */
export function canDeleteDiscussion(
  actor: DiscussionActor,
  category: CategoryPermissionTarget,
): boolean {
  return isSignedIn(actor) && inCategory(actor, 'discussions.delete', category);
}

/** spec 000 §6: `discussions.edit` (category-scoped) changes the type and moves discussions. */
export function canManageDiscussion(
  actor: DiscussionActor,
  category: CategoryPermissionTarget,
): boolean {
  return isSignedIn(actor) && isDiscussionModerator(actor, category);
}

/**
 * spec 000 §6: "site.manage or community.manage: change author" (the contract names only
 * site.manage; the spec's rule is the requirement).
 */
export function canChangeAuthor(actor: DiscussionActor): boolean {
  return has(actor.set, ['site.manage', 'community.manage']);
}

/** spec 000 §6: `curation.manage` bumps. */
export function canBumpDiscussion(actor: DiscussionActor): boolean {
  return isSignedIn(actor) && has(actor.set, 'curation.manage');
}

/** api-contract §8: `resolved` is for `staff.allow` holders. */
export function canResolveDiscussion(actor: DiscussionActor): boolean {
  return isSignedIn(actor) && has(actor.set, 'staff.allow');
}

/** Staff (`staff.allow`) see a discussion's internal status and may filter lists by it. */
export function isDiscussionStaff(actor: DiscussionActor): boolean {
  return has(actor.set, 'staff.allow');
}

/** api-contract §8 `POST /discussions/{id}/tags`: adding to the tags needs `tags.add` too. */
export function canAddTags(actor: DiscussionActor): boolean {
  return has(actor.set, 'tags.add');
}

/**
 * api-contract §8 `POST /discussions/split`: `curation.manage`, or `discussions.add` in the new
 * discussion's category and `discussions.edit` in the source's.
 */
export function canSplitDiscussion(
  actor: DiscussionActor,
  sourceCategory: CategoryPermissionTarget,
  targetCategory: CategoryPermissionTarget,
): boolean {
  return (
    has(actor.set, 'curation.manage') ||
    (canAddDiscussion(actor, targetCategory) && canManageDiscussion(actor, sourceCategory))
  );
}

/** api-contract §8 `PUT /discussions/{id}/tags`: the author or an editor of the category. */
export function canTagDiscussion(
  actor: DiscussionActor,
  discussion: DiscussionTarget,
  category: CategoryPermissionTarget,
): boolean {
  return (
    isSignedIn(actor) && (isAuthor(actor, discussion) || isDiscussionModerator(actor, category))
  );
}

/** Bookmarks, mutes, dismissals: a signed-in viewer. */
export function canKeepDiscussionState(actor: DiscussionActor): boolean {
  return isSignedIn(actor);
}

/** Pending (premoderated) discussions are visible to moderators only. */
export function canSeePending(actor: DiscussionActor, category: CategoryPermissionTarget): boolean {
  return (
    has(actor.set, 'community.moderate') ||
    inCategory(actor, ['posts.moderate', 'discussions.edit'], category)
  );
}

/** api-contract §8 GET /discussions: other users' bookmarks and participation need `community.moderate`. */
export function canListOthersDiscussions(actor: DiscussionActor, userID: number): boolean {
  return userID === actor.userID || has(actor.set, 'community.moderate');
}

/**
 * The `permissions` map of a discussion (api-contract §8), record-aware: the edit window, closing
 * one's own, comments on closed discussions (spec 000 §6: closed needs `discussions.close`).
 */
export function discussionPermissionsOf(
  actor: DiscussionActor,
  discussion: DiscussionTarget,
  category: CategoryPermissionTarget,
  window: EditWindow,
): DiscussionPermissions {
  const signedIn = isSignedIn(actor);
  const canClose = canCloseDiscussion(actor, discussion, category);
  return {
    'comments.add':
      signedIn &&
      inCategory(actor, 'comments.add', category) &&
      (!discussion.closed || inCategory(actor, 'discussions.close', category)),
    'comments.delete': signedIn && inCategory(actor, 'comments.delete', category),
    'comments.edit': signedIn && inCategory(actor, 'comments.edit', category),
    'discussions.add': canAddDiscussion(actor, category),
    'discussions.announce': canAnnounceDiscussion(actor, category),
    'discussions.close': canClose,
    'discussions.delete': canDeleteDiscussion(actor, category),
    'discussions.edit': decideEditDiscussion(actor, discussion, category, window) === 'allowed',
    'discussions.sink': canSinkDiscussion(actor, category),
    'discussions.view': canViewDiscussion(actor.set, category),
    'posts.moderate': signedIn && inCategory(actor, 'posts.moderate', category),
  };
}
