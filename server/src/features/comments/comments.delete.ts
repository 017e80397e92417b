import type {
  CommentDeleteMethod,
  DeleteCommentsBody,
} from '../../../../common/src/api/comments.ts';
import type { LongRunnerQuery } from '../../../../common/src/api/long-runner.ts';
import type { RequestContext } from '../../http/context.ts';
import { authorize } from '../../permissions/authorize.ts';
import {
  longRunnerTimeoutOf,
  registerLongRunnerAction,
  runLongRunner,
  type LongRunnerOutcome,
} from '../calls/calls.service.ts';
import { declareGuestChange } from '../../platform/guest-cache.ts';
import { AppError } from '../../platform/errors.ts';
import { getSettings } from '../config/config.service.ts';
import { deleteCommentWithCounters } from './comments.counters.ts';
import {
  findDiscussionContexts,
  type DiscussionContextRow,
} from './comments.discussion-context.repo.ts';
import { canDeleteComment, canReadComment } from './comments.policy.ts';
import { findCommentByID, findCommentsByIDs } from './comments.repo.ts';
import { actorOf, changedForGuests, requireReadableComment } from './comments.service.ts';
import { recordCommentDeletion } from './comments.delete-log.ts';

const SAME_PARENT_REQUIRED = 'Comments must belong to the same parent record.';

/**
 * Deletes one comment the actor may delete, in a transaction of its own (`DELETE /comments/{id}`
 * and each item of `DELETE /comments/list`); returns its discussion.
 * @throws AppError 404, 403 for this comment.
 */
async function deleteCheckedComment(
  ctx: RequestContext,
  commentID: number,
  method: CommentDeleteMethod,
): Promise<DiscussionContextRow> {
  const { comment, discussion } = await requireReadableComment(ctx, ctx.db, commentID);
  const settings = await getSettings(ctx.db);
  authorize(
    canDeleteComment(actorOf(ctx), comment, discussion, settings['comments.allowSelfDelete']),
    { permissions: 'comments.delete' },
  );
  const deleted = await ctx.db.transaction().execute(async (trx) => {
    const fresh = await findCommentByID(trx, commentID);
    if (!fresh) return false;
    const gone = await deleteCommentWithCounters(trx, fresh, method);
    await recordCommentDeletion(ctx, trx, fresh, gone, discussion.categoryID);
    return true;
  });
  if (deleted) {
    ctx.events.publish('commentDeleted', {
      commentID,
      discussionID: discussion.discussionID,
      categoryID: discussion.categoryID,
      deleteUserID: ctx.actor.userID,
    });
  }
  return discussion;
}

/**
 * `DELETE /comments/{id}` (api-contract §9): moderators, `comments.delete` in the category, or the
 * author with `comments.allowSelfDelete`. Replies keep a tombstone of their parent.
 * @throws AppError 404, 403.
 */
export async function deleteComment(ctx: RequestContext, commentID: number): Promise<void> {
  const discussion = await deleteCheckedComment(ctx, commentID, 'tombstone');
  declareGuestChange(ctx, changedForGuests(discussion));
}

const ACTION_DELETE_COMMENTS = 'comments.deleteList';

registerLongRunnerAction(ACTION_DELETE_COMMENTS, async (ctx, commentID, args) => {
  await deleteCheckedComment(ctx, commentID, args.deleteMethod === 'full' ? 'full' : 'tombstone');
});

/**
 * `DELETE /comments/list` (api-contract §9, §1.11): checks the whole request, then deletes each
 * comment through the long runner (`tombstone` keeps comments with replies as tombstones, `full`
 * removes them with their replies). Already-missing IDs end in `failedIDs` (404).
 * @throws AppError 400 comments of several parents, 403 with `recordIDs`.
 */
export async function deleteCommentsList(
  ctx: RequestContext,
  input: DeleteCommentsBody,
  query: LongRunnerQuery,
): Promise<LongRunnerOutcome> {
  const ids = await checkCommentsDeletable(ctx, input.commentIDs);
  return runLongRunner(ctx, {
    action: ACTION_DELETE_COMMENTS,
    ids,
    args: { deleteMethod: input.deleteMethod },
    timeoutSeconds: longRunnerTimeoutOf(query),
    mode: query.longRunnerMode,
    doneStatus: 200,
  });
}

/**
 * Checks a `DELETE /comments/list` request before it runs: the comments that exist share one
 * parent record, and the actor may delete each (else 403 naming them).
 * @throws AppError 400 "Comments must belong to the same parent record.", 403 with `recordIDs`.
 */
async function checkCommentsDeletable(
  ctx: RequestContext,
  commentIDs: readonly number[],
): Promise<number[]> {
  const ids = [...new Set(commentIDs)];
  const rows = await findCommentsByIDs(ctx.db, ids);
  const parents = new Set([...rows.values()].map((row) => row.discussionID));
  if (parents.size > 1) throw new AppError(400, SAME_PARENT_REQUIRED);
  const discussions = await findDiscussionContexts(ctx.db, [...parents]);
  const settings = await getSettings(ctx.db);
  const actor = actorOf(ctx);
  const refused: number[] = [];
  for (const row of rows.values()) {
    const discussion = discussions.get(row.discussionID);
    if (!discussion) continue;
    if (!canReadComment(actor, row, discussion)) continue;
    if (!canDeleteComment(actor, row, discussion, settings['comments.allowSelfDelete']))
      refused.push(row.commentID);
  }
  if (refused.length > 0) authorize(false, { permissions: 'comments.delete', recordIDs: refused });
  return ids;
}
