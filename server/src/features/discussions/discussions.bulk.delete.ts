import { bulkMessages } from '../../../../common/src/api/discussions.ts';
import type { LongRunnerQuery } from '../../../../common/src/api/long-runner.ts';
import type { RequestContext } from '../../http/context.ts';
import { authorize } from '../../permissions/authorize.ts';
import {
  longRunnerTimeoutOf,
  registerLongRunnerAction,
  runLongRunner,
  type LongRunnerOutcome,
} from '../calls/calls.service.ts';
import { canDeleteDiscussion } from './discussions.policy.ts';
import {
  actorOf,
  assertDeletable,
  requireCategory,
  requireDiscussion,
} from './discussions.guards.ts';
import { deleteDiscussionWithCounters } from './discussions.counters.ts';
import { recordDiscussionDeletion } from './discussions.delete-log.ts';
import { refuseUnlessAll, uniqueIDs } from './discussions.bulk.checks.ts';

const ACTION_DELETE = 'discussions.delete';

registerLongRunnerAction(ACTION_DELETE, async (ctx, discussionID) => {
  const categoryID = await ctx.db.transaction().execute(async (trx) => {
    const row = await requireDiscussion(trx, discussionID);
    const category = await requireCategory(trx, row.categoryID);
    authorize(canDeleteDiscussion(actorOf(ctx), category), { permissions: 'discussions.delete' });
    await recordDiscussionDeletion(ctx, trx, row);
    await deleteDiscussionWithCounters(trx, row, category);
    return category.categoryID;
  });
  ctx.events.publish('discussionDeleted', { discussionID, categoryID, deleteUserID: ctx.actor.userID });
});

/**
 * `DELETE /discussions/{id}` (api-contract §8): 204 when done, through the long runner.
 * @throws AppError 404, 403.
 */
export async function deleteDiscussion(
  ctx: RequestContext,
  discussionID: number,
  query: LongRunnerQuery,
): Promise<LongRunnerOutcome<204>> {
  await assertDeletable(ctx, discussionID);
  return runLongRunner(ctx, {
    action: ACTION_DELETE,
    ids: [discussionID],
    args: {},
    timeoutSeconds: longRunnerTimeoutOf(query),
    mode: query.longRunnerMode,
    doneStatus: 204,
  });
}

/**
 * `DELETE /discussions/list`: `discussions.delete` on every record (else 403 with `recordIDs`);
 * IDs that no longer exist end in `failedIDs` (404).
 */
export async function bulkDeleteDiscussions(
  ctx: RequestContext,
  discussionIDs: readonly number[],
  query: LongRunnerQuery,
): Promise<LongRunnerOutcome<200>> {
  const actor = actorOf(ctx);
  const ids = uniqueIDs(discussionIDs);
  await refuseUnlessAll(
    ctx,
    ids,
    (_row, category) => canDeleteDiscussion(actor, category),
    'discussions.delete',
    bulkMessages.delete,
  );
  return runLongRunner(ctx, {
    action: ACTION_DELETE,
    ids,
    args: {},
    timeoutSeconds: longRunnerTimeoutOf(query),
    mode: query.longRunnerMode,
    doneStatus: 200,
  });
}
