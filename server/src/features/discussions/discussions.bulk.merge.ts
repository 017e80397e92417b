import { bulkMessages, type BulkMergeBody } from '../../../../common/src/api/discussions.ts';
import type { LongRunnerQuery } from '../../../../common/src/api/long-runner.ts';
import type { RequestContext } from '../../http/context.ts';
import { authorize } from '../../permissions/authorize.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import {
  longRunnerTimeoutOf,
  registerLongRunnerAction,
  runLongRunner,
  type LongRunnerOutcome,
} from '../calls/calls.service.ts';
import { releaseDiscussionTags } from '../tags/tags.service.ts';
import { refreshCategoryLastPost } from '../../platform/db/post-counters.ts';
import { computeHot } from './discussions.hot.ts';
import { canDeleteDiscussion, canManageDiscussion } from './discussions.policy.ts';
import { adjustUserCommentCounts, adjustUserDiscussionCount } from './discussions.users.repo.ts';
import {
  deleteDiscussionReactions,
  deleteDiscussionRows,
  findDiscussionsByIDs,
  updateDiscussion,
} from './discussions.repo.ts';
import {
  insertMergedComment,
  moveAllComments,
  summarizeComments,
  writeCommentCounters,
} from './discussions.comments.repo.ts';
import { actorOf, requireCategory, requireDiscussion } from './discussions.guards.ts';
import { adjustCategoryCounts, isCounted } from './discussions.counters.ts';
import { redirectValues } from './discussions.redirects.ts';
import { bulkRefusal, categoriesOf, uniqueIDs } from './discussions.bulk.checks.ts';
import { recordAudit } from '../audit-logs/audit-logs.record.ts';

const ACTION_MERGE = 'discussions.merge';

const REDIRECT_NOT_MERGEABLE = 'Discussions of type "redirect" can\'t be merged.';

registerLongRunnerAction(ACTION_MERGE, async (ctx, discussionID, args) => {
  const destinationID = Number(args.destinationDiscussionID);
  const addRedirects = args.addRedirects === true;
  if (discussionID === destinationID) return;
  const actor = actorOf(ctx);
  await ctx.db.transaction().execute(async (trx) => {
    const source = await requireDiscussion(trx, discussionID);
    const destination = await requireDiscussion(trx, destinationID);
    if (source.type === 'redirect') throw new AppError(400, REDIRECT_NOT_MERGEABLE);
    const sourceCategory = await requireCategory(trx, source.categoryID);
    const destinationCategory = await requireCategory(trx, destination.categoryID);
    authorize(canDeleteDiscussion(actor, sourceCategory), { permissions: 'discussions.delete' });
    authorize(canManageDiscussion(actor, destinationCategory), { permissions: 'discussions.edit' });
    await recordAudit(
      ctx,
      {
        eventType: 'discussion_merge',
        message: `Merged discussion "${source.name}" into "${destination.name}".`,
        context: { discussionID, destinationDiscussionID: destinationID },
      },
      trx,
    );

    // As Vanilla's merge: the source's body becomes a comment of the destination, then its comments follow.
    if (isCounted(source)) {
      await insertMergedComment(trx, {
        discussionID: destinationID,
        body: source.body,
        format: source.format,
        bodyHtml: source.bodyHtml,
        bodyPlainText: source.bodyPlainText,
        insertUserID: source.insertUserID,
        dateInserted: source.dateInserted,
        dateUpdated: source.dateUpdated,
        updateUserID: source.updateUserID,
        score: source.score,
      });
    }
    await moveAllComments(trx, [discussionID], destinationID);
    await deleteDiscussionReactions(trx, [discussionID]);
    await releaseDiscussionTags(trx, [discussionID]);
    if (addRedirects && isCounted(source)) {
      const redirect = await redirectValues(ctx, source, destination, 'merged');
      await updateDiscussion(trx, discussionID, {
        type: 'redirect',
        ...redirect,
        format: 'html',
        closed: true,
        pinned: false,
        pinLocation: null,
      });
      await writeCommentCounters(trx, discussionID, {
        countComments: 0,
        lastCommentID: null,
        lastCommentUserID: null,
        dateLastComment: source.dateInserted,
        hot: computeHot(source.score, source.dateInserted),
      });
      if (isCounted(source))
        await adjustCategoryCounts(trx, sourceCategory, 0, -source.countComments);
    } else {
      await deleteDiscussionRows(trx, [discussionID]);
      if (isCounted(source))
        await adjustCategoryCounts(trx, sourceCategory, -1, -source.countComments);
    }
    if (isCounted(source)) {
      await adjustUserDiscussionCount(trx, source.insertUserID, -1);
      await adjustUserCommentCounts(trx, new Map([[source.insertUserID, 1]]));
    }

    const summary = await summarizeComments(trx, destinationID);
    const dateLastComment =
      summary.lastCommentDate !== null &&
      Date.parse(summary.lastCommentDate) > Date.parse(destination.dateLastComment)
        ? summary.lastCommentDate
        : destination.dateLastComment;
    await writeCommentCounters(trx, destinationID, {
      countComments: summary.countComments,
      lastCommentID: summary.lastCommentID,
      lastCommentUserID: summary.lastCommentUserID,
      dateLastComment,
      hot: computeHot(destination.score, dateLastComment),
    });
    if (isCounted(destination))
      await adjustCategoryCounts(
        trx,
        destinationCategory,
        0,
        summary.countComments - destination.countComments,
      );
    await refreshCategoryLastPost(trx, sourceCategory.categoryID);
    await refreshCategoryLastPost(trx, destinationCategory.categoryID);
  });
});

/**
 * `PATCH /discussions/merge`: the sources' comments move to the destination and their bodies
 * become comments there; sources are deleted or become redirects.
 * @throws AppError 400 fewer than 2 discussions; 404 with `recordIDs` for missing ones; 403.
 */
export async function mergeDiscussions(
  ctx: RequestContext,
  input: BulkMergeBody,
  query: LongRunnerQuery,
): Promise<LongRunnerOutcome<200>> {
  const actor = actorOf(ctx);
  const all = uniqueIDs([...input.discussionIDs, input.destinationDiscussionID]);
  if (all.length < 2) throw new AppError(400, bulkMessages.mergeTooFew);
  const rows = await findDiscussionsByIDs(ctx.db, all);
  const found = new Set(rows.map((row) => row.discussionID));
  const missing = all.filter((id) => !found.has(id));
  if (missing.length > 0) throw notFound('Discussion', { recordIDs: missing });
  const categories = await categoriesOf(ctx.db, rows);
  const refused = rows
    .filter((row) => {
      const category = categories.get(row.categoryID);
      if (!category) return true;
      return row.discussionID === input.destinationDiscussionID
        ? !canManageDiscussion(actor, category)
        : !canDeleteDiscussion(actor, category);
    })
    .map((row) => row.discussionID)
    .sort((a, b) => a - b);
  if (refused.length > 0) throw bulkRefusal(bulkMessages.edit, 'discussions.edit', refused);
  return runLongRunner(ctx, {
    action: ACTION_MERGE,
    ids: all.filter((id) => id !== input.destinationDiscussionID),
    args: {
      destinationDiscussionID: input.destinationDiscussionID,
      addRedirects: input.addRedirects,
    },
    timeoutSeconds: longRunnerTimeoutOf(query),
    mode: query.longRunnerMode,
    doneStatus: 200,
  });
}
