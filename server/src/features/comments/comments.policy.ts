import type { CommentPermissions } from '../../../../common/src/api/comments.ts';
import { has } from '../../../../common/src/permissions/has.ts';
import type { PermissionSet } from '../../../../common/src/permissions/types.ts';
import { canViewCategory, categoryResource } from '../categories/categories.policy.ts';

/** What the comment rules need of a discussion: its category's permission source and state. */
export interface CommentDiscussionTarget {
  categoryID: number;
  permissionCategoryID: number;
  closed: boolean;
  insertUserID: number;
  moderationStatus: string;
}

/** What the comment rules need of a comment. */
export interface CommentTarget {
  insertUserID: number;
  dateInserted: string;
  displayType: 'full' | 'tombstone';
  moderationStatus: string;
}

/** Who acts: the user ID (0 = guest) and their permission set. */
export interface CommentActor {
  userID: number;
  permissions: PermissionSet;
}

/** The author decision of an edit: allowed, refused for time (400), or refused (403). */
export type EditDecision = 'allowed' | 'timeout' | 'forbidden';

function isSignedIn(actor: CommentActor): boolean {
  return actor.userID > 0 && has(actor.permissions, 'session.valid');
}

/** spec 000 §6 / api-contract §9: `community.moderate` (and `site.manage`) act on any comment. */
export function isCommentModerator(set: PermissionSet): boolean {
  return has(set, 'community.moderate') || has(set, 'site.manage');
}

/** Moderators of a category: `posts.moderate` there, or a global moderator. */
export function moderatesCategory(
  set: PermissionSet,
  discussion: CommentDiscussionTarget,
): boolean {
  return isCommentModerator(set) || has(set, 'posts.moderate', categoryResource(discussion));
}

/** api-contract §9: comments are visible with `discussions.view` in the discussion's category. */
export function canViewComments(set: PermissionSet, discussion: CommentDiscussionTarget): boolean {
  return canViewCategory(set, discussion);
}

/**
 * api-contract §27.5: a discussion waiting for approval (or rejected) exists only for its
 * category's moderators (its author included gets 404), so its comments do too.
 */
export function canSeeDiscussion(
  actor: CommentActor,
  discussion: CommentDiscussionTarget,
): boolean {
  if (discussion.moderationStatus === 'accepted') return true;
  return moderatesCategory(actor.permissions, discussion);
}

/**
 * api-contract §27.5: a pending or rejected comment exists only for the category's moderators
 * (404 to everyone else, its author included).
 */
export function canSeeComment(
  actor: CommentActor,
  comment: CommentTarget,
  discussion: CommentDiscussionTarget,
): boolean {
  if (comment.moderationStatus === 'accepted') return true;
  return moderatesCategory(actor.permissions, discussion);
}

/**
 * api-contract §9 / spec 000 §6: signed in and `comments.add` in the category; a closed discussion
 * also needs `discussions.close` there (or `community.moderate`).
 */
export function canAddComment(actor: CommentActor, discussion: CommentDiscussionTarget): boolean {
  if (!isSignedIn(actor)) return false;
  const resource = categoryResource(discussion);
  if (!has(actor.permissions, 'comments.add', resource)) return false;
  if (!discussion.closed) return true;
  return (
    has(actor.permissions, 'discussions.close', resource) || isCommentModerator(actor.permissions)
  );
}

/**
 * The permission a refused comment names (the 403's `permissions`): `discussions.close` when only
 * the discussion being closed stands in the way, else `comments.add`; undefined when allowed.
 */
export function addCommentRefusal(
  actor: CommentActor,
  discussion: CommentDiscussionTarget,
): 'comments.add' | 'discussions.close' | undefined {
  if (canAddComment(actor, discussion)) return undefined;
  if (discussion.closed && canAddComment(actor, { ...discussion, closed: false }))
    return 'discussions.close';
  return 'comments.add';
}

/**
 * api-contract §9 PATCH `discussionID`: a comment moves into a discussion where the actor may
 * comment, closed or not (moving is a moderation act, not a new post).
 */
export function canMoveCommentTo(actor: CommentActor, target: CommentDiscussionTarget): boolean {
  return canAddComment(actor, { ...target, closed: false });
}

/**
 * Whether the actor may read a comment at all: its discussion exists for them, they may view the
 * category's discussions, and the comment exists for them (pending comments: author, moderators).
 */
export function canReadComment(
  actor: CommentActor,
  comment: CommentTarget,
  discussion: CommentDiscussionTarget,
): boolean {
  return (
    canSeeDiscussion(actor, discussion) &&
    canViewComments(actor.permissions, discussion) &&
    canSeeComment(actor, comment, discussion)
  );
}

/**
 * api-contract §9 PATCH: moderators always; `comments.edit` in the category; the author of a
 * comment in an open discussion within `ui.editContentTimeout` seconds (-1: no limit; spec 000
 * §6 "Authors edit own unclosed post"). Tombstones are never edited.
 */
export function editDecision(
  actor: CommentActor,
  comment: CommentTarget,
  discussion: CommentDiscussionTarget,
  editContentTimeout: number,
  now: number = Date.now(),
): EditDecision {
  if (comment.displayType === 'tombstone') return 'forbidden';
  if (isCommentModerator(actor.permissions)) return 'allowed';
  if (has(actor.permissions, 'comments.edit', categoryResource(discussion))) return 'allowed';
  if (!isSignedIn(actor) || actor.userID !== comment.insertUserID) return 'forbidden';
  if (discussion.closed) return 'forbidden';
  if (editContentTimeout === -1) return 'allowed';
  const elapsed = now - Date.parse(comment.dateInserted);
  return elapsed <= editContentTimeout * 1000 ? 'allowed' : 'timeout';
}

/** api-contract §9 `/edit`: the author, `comments.edit` in the category, or a moderator. */
export function canReadCommentSource(
  actor: CommentActor,
  comment: CommentTarget,
  discussion: CommentDiscussionTarget,
): boolean {
  if (isCommentModerator(actor.permissions)) return true;
  if (has(actor.permissions, 'comments.edit', categoryResource(discussion))) return true;
  return isSignedIn(actor) && actor.userID === comment.insertUserID;
}

/**
 * api-contract §9 DELETE: moderators, `comments.delete` in the category, or the author when
 * `comments.allowSelfDelete` is on.
 */
export function canDeleteComment(
  actor: CommentActor,
  comment: CommentTarget,
  discussion: CommentDiscussionTarget,
  allowSelfDelete: boolean,
): boolean {
  if (isCommentModerator(actor.permissions)) return true;
  if (has(actor.permissions, 'comments.delete', categoryResource(discussion))) return true;
  return allowSelfDelete && isSignedIn(actor) && actor.userID === comment.insertUserID;
}

/** api-contract §9: `insertUserID` on a write needs `site.manage`. */
export function canPostAsAnotherUser(set: PermissionSet): boolean {
  return has(set, 'site.manage');
}

/** api-contract §8/§9: `reportMeta` and `countReports` for `posts.moderate` / `community.moderate`. */
export function canSeeReports(set: PermissionSet, discussion: CommentDiscussionTarget): boolean {
  return moderatesCategory(set, discussion);
}

/** api-contract §1.13: moderators are exempt from flood control; so are premoderation's reviewers. */
export function isExemptFromModeration(
  set: PermissionSet,
  discussion: CommentDiscussionTarget,
): boolean {
  return moderatesCategory(set, discussion);
}

/** The `permissions` map of a comment as the viewer sees it. */
export function commentPermissionsOf(
  actor: CommentActor,
  comment: CommentTarget,
  discussion: CommentDiscussionTarget,
  settings: { editContentTimeout: number; allowSelfDelete: boolean },
  now: number = Date.now(),
): CommentPermissions {
  return {
    'comments.add': comment.displayType === 'full' && canAddComment(actor, discussion),
    'comments.edit':
      editDecision(actor, comment, discussion, settings.editContentTimeout, now) === 'allowed',
    'comments.delete':
      comment.displayType === 'full' &&
      canDeleteComment(actor, comment, discussion, settings.allowSelfDelete),
  };
}
