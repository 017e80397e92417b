import { defaultContentFormat } from '../../../../common/src/api/content.ts';
import type { SplitBody } from '../../../../common/src/api/discussions.ts';
import type { LongRunnerResult } from '../../../../common/src/api/long-runner.ts';
import type { RequestContext } from '../../http/context.ts';
import { authorize } from '../../permissions/authorize.ts';
import { escapeHtml } from '../../platform/content/escape.ts';
import { nowIso } from '../../platform/dates.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { refreshCategoryLastPost } from '../../platform/db/post-counters.ts';
import { computeHot } from './discussions.hot.ts';
import { canSplitDiscussion, canViewDiscussion } from './discussions.policy.ts';
import { discussionUrl } from './discussions.present.ts';
import { adjustUserDiscussionCount, findSystemUserID } from './discussions.users.repo.ts';
import { insertDiscussion } from './discussions.repo.ts';
import {
  findCommentsForSplit,
  moveCommentsByID,
  repairCommentTree,
  summarizeComments,
  writeCommentCounters,
} from './discussions.comments.repo.ts';
import {
  actorOf,
  assertPostableCategory,
  renderDiscussionBody,
  requireCategory,
  requireViewableDiscussion,
} from './discussions.guards.ts';
import { adjustCategoryCounts, isCounted } from './discussions.counters.ts';
import { uniqueIDs } from './discussions.bulk.checks.ts';

/**
 * `POST /discussions/split`: comments of one discussion move into a new discussion, in one
 * transaction (at most 50 comments, so no continuation is needed).
 * @throws AppError 404 (comments, category), 400 comments of several discussions, 403.
 */
export async function splitDiscussion(
  ctx: RequestContext,
  input: SplitBody,
): Promise<LongRunnerResult & { newPostUrl: string }> {
  const actor = actorOf(ctx);
  const commentIDs = uniqueIDs(input.commentIDs);
  const comments = await findCommentsForSplit(ctx.db, commentIDs);
  const found = new Set(comments.map((comment) => comment.commentID));
  const missing = commentIDs.filter((id) => !found.has(id));
  if (missing.length > 0) throw notFound('Comment', { recordIDs: missing });
  const sourceIDs = new Set(comments.map((comment) => comment.discussionID));
  if (sourceIDs.size > 1) throw new AppError(400, 'Comments from multiple discussions selected.');
  const [sourceID] = [...sourceIDs];
  if (sourceID === undefined) throw notFound('Comment');
  const { row: source, category: sourceCategory } = await requireViewableDiscussion(
    ctx,
    ctx.db,
    sourceID,
  );
  const target = await requireCategory(ctx.db, input.newPost.categoryID);
  authorize(canViewDiscussion(ctx.permissions, target), { permissions: 'discussions.view' });
  authorize(canSplitDiscussion(actor, sourceCategory, target), {
    permissions: ['curation.manage', 'discussions.edit'],
  });
  assertPostableCategory(target);

  const sourceUrl = discussionUrl(ctx.config.baseUrl, source.discussionID, source.name);
  const body =
    input.newPost.body ??
    `<p>This discussion was created from comments split from: <a href="${escapeHtml(sourceUrl)}">${escapeHtml(source.name)}</a>.</p>`;
  const format =
    input.newPost.body === undefined ? 'html' : (input.newPost.format ?? defaultContentFormat);
  const rendered = await renderDiscussionBody(ctx, body, format);
  const authorID =
    input.newPost.authorType === 'system'
      ? ((await findSystemUserID(ctx.db)) ?? actor.userID)
      : actor.userID;

  const newID = await ctx.db.transaction().execute(async (trx) => {
    const now = nowIso(ctx.clock);
    const id = await insertDiscussion(trx, {
      type: input.newPost.postType,
      categoryID: target.categoryID,
      name: input.newPost.name,
      body,
      format,
      bodyHtml: rendered.html,
      bodyPlainText: rendered.plainText,
      insertUserID: authorID,
      dateInserted: now,
      dateLastComment: now,
      hot: computeHot(0, now),
      pinned: false,
      pinLocation: null,
      closed: false,
      sink: false,
      resolved: false,
      resolvedUserID: null,
      moderationStatus: 'accepted',
    });
    await moveCommentsByID(trx, commentIDs, id);
    await repairCommentTree(trx, id);
    await repairCommentTree(trx, source.discussionID);
    for (const [discussionID, fallback, score] of [
      [id, now, 0],
      [source.discussionID, source.dateInserted, source.score],
    ] as const) {
      const summary = await summarizeComments(trx, discussionID);
      const dateLastComment = summary.lastCommentDate ?? fallback;
      await writeCommentCounters(trx, discussionID, {
        countComments: summary.countComments,
        lastCommentID: summary.lastCommentID,
        lastCommentUserID: summary.lastCommentUserID,
        dateLastComment,
        hot: computeHot(score, dateLastComment),
      });
    }
    const moved = (await summarizeComments(trx, id)).countComments;
    if (isCounted(source)) await adjustCategoryCounts(trx, sourceCategory, 0, -moved);
    await adjustCategoryCounts(trx, target, 1, moved);
    await adjustUserDiscussionCount(trx, authorID, 1);
    await refreshCategoryLastPost(trx, sourceCategory.categoryID);
    await refreshCategoryLastPost(trx, target.categoryID);
    return id;
  });
  ctx.events.publish('discussionAdded', {
    discussionID: newID,
    categoryID: target.categoryID,
    insertUserID: authorID,
  });
  return {
    progress: {
      successIDs: commentIDs,
      failedIDs: [],
      exceptionsByID: {},
      countTotalIDs: commentIDs.length,
    },
    callbackPayload: null,
    newPostUrl: discussionUrl(ctx.config.baseUrl, newID, input.newPost.name),
  };
}
