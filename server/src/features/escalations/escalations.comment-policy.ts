import type { RequestContext } from '../../http/context.ts';
import { getSettings } from '../config/config.service.ts';
import {
  canDeleteComment,
  editDecision,
  type CommentDiscussionTarget,
  type CommentTarget,
  type EditDecision,
} from '../comments/comments.policy.ts';
import type { EscalationCommentRow } from './escalation-comments.repo.ts';

/** The category an escalation's record lives in: its ID and permission source. */
export interface EscalationPlace {
  categoryID: number;
  permissionCategoryID: number;
}

// api-contract §9 PATCH/DELETE /comments/{id} apply to escalation comments with the escalation's
// place as the category: an escalation comment is never closed, pending or a tombstone.
function targetsOf(row: EscalationCommentRow, place: EscalationPlace): { comment: CommentTarget; discussion: CommentDiscussionTarget } {
  return {
    comment: { insertUserID: row.insertUserID, dateInserted: row.dateInserted, displayType: 'full', moderationStatus: 'accepted' },
    discussion: { ...place, closed: false, insertUserID: 0, moderationStatus: 'accepted' },
  };
}

/** Whether the caller may edit the comment (moderators, `comments.edit`, the author within `ui.editContentTimeout`). */
export async function escalationCommentEditDecision(ctx: RequestContext, row: EscalationCommentRow, place: EscalationPlace): Promise<EditDecision> {
  const { comment, discussion } = targetsOf(row, place);
  const settings = await getSettings(ctx.db);
  return editDecision({ userID: ctx.actor.userID, permissions: ctx.permissions }, comment, discussion, settings['ui.editContentTimeout'], ctx.clock());
}

/** Whether the caller may delete the comment (moderators, `comments.delete`, the author with `comments.allowSelfDelete`). */
export async function canDeleteEscalationComment(ctx: RequestContext, row: EscalationCommentRow, place: EscalationPlace): Promise<boolean> {
  const { comment, discussion } = targetsOf(row, place);
  const settings = await getSettings(ctx.db);
  return canDeleteComment({ userID: ctx.actor.userID, permissions: ctx.permissions }, comment, discussion, settings['comments.allowSelfDelete']);
}

/** The comment's `permissions` map for its reader (a moderator of the escalation's record). */
export async function escalationCommentPermissions(
  ctx: RequestContext,
  row: EscalationCommentRow,
  place: EscalationPlace | undefined,
): Promise<{ 'comments.add': boolean; 'comments.edit': boolean; 'comments.delete': boolean }> {
  if (!place) return { 'comments.add': true, 'comments.edit': false, 'comments.delete': false };
  return {
    'comments.add': true,
    'comments.edit': (await escalationCommentEditDecision(ctx, row, place)) === 'allowed',
    'comments.delete': await canDeleteEscalationComment(ctx, row, place),
  };
}
