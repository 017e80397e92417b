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
import { canCloseDiscussion } from './discussions.policy.ts';
import { updateDiscussion } from './discussions.repo.ts';
import { actorOf, requireCategory, requireDiscussion } from './discussions.guards.ts';
import { refuseUnlessAll, uniqueIDs } from './discussions.bulk.checks.ts';

const ACTION_CLOSE = 'discussions.close';

registerLongRunnerAction(ACTION_CLOSE, async (ctx, discussionID, args) => {
  await ctx.db.transaction().execute(async (trx) => {
    const row = await requireDiscussion(trx, discussionID);
    const category = await requireCategory(trx, row.categoryID);
    authorize(canCloseDiscussion(actorOf(ctx), row, category), {
      permissions: 'discussions.close',
    });
    await updateDiscussion(trx, discussionID, { closed: args.closed !== false });
  });
});

/** `PATCH /discussions/close`: `discussions.close` on every record (authors with `closeOwn` on their own). */
export async function bulkCloseDiscussions(
  ctx: RequestContext,
  input: { discussionIDs: number[]; closed: boolean },
  query: LongRunnerQuery,
): Promise<LongRunnerOutcome<200>> {
  const actor = actorOf(ctx);
  const ids = uniqueIDs(input.discussionIDs);
  await refuseUnlessAll(
    ctx,
    ids,
    (row, category) => canCloseDiscussion(actor, row, category),
    'discussions.close',
    bulkMessages.close,
  );
  return runLongRunner(ctx, {
    action: ACTION_CLOSE,
    ids,
    args: { closed: input.closed },
    timeoutSeconds: longRunnerTimeoutOf(query),
    mode: query.longRunnerMode,
    doneStatus: 200,
  });
}
