import { bulkMessages, type BulkMoveBody } from '../../../../common/src/api/discussions.ts';
import type { LongRunnerQuery } from '../../../../common/src/api/long-runner.ts';
import type { RequestContext } from '../../http/context.ts';
import { authorize } from '../../permissions/authorize.ts';
import { AppError } from '../../platform/errors.ts';
import {
  longRunnerTimeoutOf,
  registerLongRunnerAction,
  runLongRunner,
  type LongRunnerOutcome,
} from '../calls/calls.service.ts';
import { canManageDiscussion } from './discussions.policy.ts';
import { recordDiscussionMove } from './discussions.delete-log.ts';
import { insertDiscussion } from './discussions.repo.ts';
import {
  actorOf,
  assertPostableCategory,
  requireCategory,
  requireDiscussion,
} from './discussions.guards.ts';
import {
  adjustCategoryCounts,
  isCounted,
  moveDiscussionWithCounters,
} from './discussions.counters.ts';
import { redirectValues } from './discussions.redirects.ts';
import { refuseUnlessAll, uniqueIDs } from './discussions.bulk.checks.ts';

const ACTION_MOVE = 'discussions.move';

const REDIRECT_NOT_MOVABLE = 'Discussions of type "redirect" can\'t be moved.';

async function moveOne(
  ctx: RequestContext,
  discussionID: number,
  args: { categoryID: number; addRedirects: boolean },
): Promise<void> {
  const actor = actorOf(ctx);
  const fromCategoryID = await ctx.db.transaction().execute(async (trx) => {
    const row = await requireDiscussion(trx, discussionID);
    if (row.type === 'redirect') throw new AppError(400, REDIRECT_NOT_MOVABLE);
    const from = await requireCategory(trx, row.categoryID);
    const to = await requireCategory(trx, args.categoryID);
    authorize(canManageDiscussion(actor, from) && canManageDiscussion(actor, to), {
      permissions: 'discussions.edit',
    });
    if (from.categoryID === to.categoryID) return undefined;
    await moveDiscussionWithCounters(trx, row, from, to);
    await recordDiscussionMove(ctx, trx, row, to.categoryID);
    if (args.addRedirects && isCounted(row)) {
      const redirect = await redirectValues(
        ctx,
        row,
        { ...row, categoryID: to.categoryID },
        'moved',
      );
      await insertDiscussion(trx, {
        type: 'redirect',
        categoryID: from.categoryID,
        ...redirect,
        format: 'html',
        insertUserID: row.insertUserID,
        dateInserted: row.dateInserted,
        dateLastComment: row.dateLastComment,
        hot: row.hot,
        pinned: false,
        pinLocation: null,
        closed: true,
        sink: false,
        resolved: false,
        resolvedUserID: null,
        moderationStatus: 'accepted',
      });
      await adjustCategoryCounts(trx, from, 1, 0);
    }
    return from.categoryID;
  });
  if (fromCategoryID === undefined) return;
  ctx.events.publish('discussionMoved', {
    discussionID,
    categoryID: args.categoryID,
    fromCategoryID,
    updateUserID: actor.userID,
  });
}

function moveArgs(args: Record<string, unknown>): { categoryID: number; addRedirects: boolean } {
  return { categoryID: Number(args.categoryID), addRedirects: args.addRedirects === true };
}

registerLongRunnerAction(ACTION_MOVE, async (ctx, discussionID, args) => {
  await moveOne(ctx, discussionID, moveArgs(args));
});

/** A move of one discussion is done at once; several go through the long runner. */
export type BulkMoveOutcome =
  { kind: 'moved' } | { kind: 'running'; outcome: LongRunnerOutcome<200> };

/**
 * `PATCH /discussions/move`: `discussions.edit` on the target category and every record. One ID
 * answers a plain `{"status": "success"}`; several go through the long runner. `addRedirects`
 * leaves a redirect discussion in the old category.
 * @throws AppError 404 unknown category; 403.
 */
export async function bulkMoveDiscussions(
  ctx: RequestContext,
  input: BulkMoveBody,
  query: LongRunnerQuery,
): Promise<BulkMoveOutcome> {
  const actor = actorOf(ctx);
  const target = await requireCategory(ctx.db, input.categoryID);
  authorize(canManageDiscussion(actor, target), { permissions: 'discussions.edit' });
  assertPostableCategory(target);
  const ids = uniqueIDs(input.discussionIDs);
  await refuseUnlessAll(
    ctx,
    ids,
    (_row, category) => canManageDiscussion(actor, category),
    'discussions.edit',
    bulkMessages.edit,
  );
  const args = { categoryID: target.categoryID, addRedirects: input.addRedirects };
  const [only] = ids;
  if (ids.length === 1 && only !== undefined) {
    await moveOne(ctx, only, args);
    return { kind: 'moved' };
  }
  const outcome = await runLongRunner(ctx, {
    action: ACTION_MOVE,
    ids,
    args,
    timeoutSeconds: longRunnerTimeoutOf(query),
    mode: query.longRunnerMode,
    doneStatus: 200,
  });
  return { kind: 'running', outcome };
}
