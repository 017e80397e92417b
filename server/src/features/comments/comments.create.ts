import {
  COMMENT_PENDING_MESSAGE,
  MAX_COMMENT_DEPTH,
  type Comment,
  type CreateCommentBody,
} from '../../../../common/src/api/comments.ts';
import type { RequestContext } from '../../http/context.ts';
import { authorize } from '../../permissions/authorize.ts';
import { renderBody } from '../../platform/content/render.ts';
import { nowIso } from '../../platform/dates.ts';
import { declareGuestChange } from '../../platform/guest-cache.ts';
import { AppError, fieldError, notFound, permissionError } from '../../platform/errors.ts';
import { getSettings, type SiteSettings } from '../config/config.service.ts';
import { computeHot } from '../discussions/discussions.hot.ts';
import { countCommentWhereDiscussionIs, createCountedComment } from './comments.counters.repo.ts';
import { categoryChainOf } from './comments.discussion-context.repo.ts';
import {
  addCommentRefusal,
  canPostAsAnotherUser,
  isExemptFromModeration,
} from './comments.policy.ts';
import { isLiveUser } from '../users/users.service.ts';
import { toCommentExpand } from './comments.present.ts';
import { removePostedDraft } from '../drafts/drafts.posting.ts';
import { runTransaction } from '../../platform/db/transaction.ts';
import { decidePremoderation, enqueueForApproval } from '../reports/premoderation.ts';
import {
  findCommentByID,
  findRecentCommentDates,
  insertComment,
  type CommentRow,
  type NewComment,
} from './comments.repo.ts';
import {
  actorOf,
  changedForGuests,
  commentNotFound,
  presentComments,
  requireReadableDiscussion,
} from './comments.service.ts';

const DIFFERENT_THREAD = 'Parent comment is from a different thread.';

const MAX_DEPTH_EXCEEDED = 'Comment exceeds maximum depth.';

/** `POST /comments`: the new comment (201), or the premoderation notice (202). */
export type CreateCommentResult =
  | { status: 201; comment: Comment }
  | { status: 202; body: { message: string; status: 202; reportID: number } };

/**
 * api-contract §1.13 flood control: N comments within M seconds lock the author out for L
 * seconds after the latest one.
 * @throws AppError 429 with the contract's message, also as a field error on `body`.
 */
async function enforceCommentFloodControl(
  ctx: RequestContext,
  userID: number,
  settings: SiteSettings,
): Promise<void> {
  const count = settings['floodControl.comments.count'];
  const seconds = settings['floodControl.comments.seconds'];
  const lockSeconds = settings['floodControl.comments.lockSeconds'];
  const dates = await findRecentCommentDates(ctx.db, userID, count);
  const newest = dates[0];
  const oldest = dates[count - 1];
  if (newest === undefined || oldest === undefined) return;
  const newestAt = Date.parse(newest);
  if (newestAt - Date.parse(oldest) > seconds * 1000) return;
  const lockedUntil = newestAt + lockSeconds * 1000;
  const now = ctx.clock();
  if (now >= lockedUntil) return;
  const message = `You have posted ${String(count)} times within ${String(seconds)} seconds. A spam block is now in effect on your account. You must wait at least ${String(lockSeconds)} seconds before attempting to post again.`;
  throw new AppError(429, message, {
    errors: [{ field: 'body', code: 'spamBlock', message, status: 429 }],
    headers: { 'retry-after': String(Math.max(1, Math.ceil((lockedUntil - now) / 1000))) },
  });
}

/**
 * `POST /comments` (api-contract §9): signed in with `comments.add` in the discussion's category
 * (closed: `discussions.close` too); threaded replies stay in their discussion and at most
 * MAX_COMMENT_DEPTH deep. Members are subject to flood control and premoderation.
 * @throws AppError 404 discussion/parent/user, 403, 400 thread rules, 422/400 body, 429 flood.
 */
export async function createComment(
  ctx: RequestContext,
  input: CreateCommentBody,
): Promise<CreateCommentResult> {
  const discussionID = input.discussionID ?? input.parentRecordID;
  if (discussionID === undefined)
    throw fieldError('parentRecordID', 'parentRecordID is required.', 400, 'missingField');
  const discussion = await requireReadableDiscussion(ctx, ctx.db, discussionID);
  const actor = actorOf(ctx);
  const refusal = addCommentRefusal(actor, discussion);
  if (refusal === 'discussions.close') throw permissionError(['discussions.close']);
  if (refusal) authorize(false, { permissions: refusal });

  let authorID = ctx.actor.userID;
  if (input.insertUserID !== undefined && input.insertUserID !== authorID) {
    authorize(canPostAsAnotherUser(ctx.permissions), { permissions: 'site.manage' });
    if (!(await isLiveUser(ctx.db, input.insertUserID)))
      throw notFound('User', { userID: input.insertUserID });
    authorID = input.insertUserID;
  }

  let depth = 1;
  const parentCommentID = input.parentCommentID ?? null;
  let parent: CommentRow | undefined;
  if (parentCommentID !== null) {
    parent = await findCommentByID(ctx.db, parentCommentID);
    if (!parent || parent.moderationStatus !== 'accepted') throw commentNotFound(parentCommentID);
    if (parent.discussionID !== discussion.discussionID) throw new AppError(400, DIFFERENT_THREAD);
    depth = parent.depth + 1;
    if (depth > MAX_COMMENT_DEPTH) throw new AppError(400, MAX_DEPTH_EXCEEDED);
  }

  const settings = await getSettings(ctx.db);
  const exempt = isExemptFromModeration(ctx.permissions, discussion);
  if (!exempt && ctx.publishingScheduledDraft !== true) await enforceCommentFloodControl(ctx, authorID, settings);

  const rendered = await renderBody(ctx, { body: input.body, format: input.format });

  // api-contract §27.5: a non-moderator's comment may wait in the approval queue.
  const decision = await decidePremoderation(ctx, {
    recordType: 'comment',
    category: discussion,
    authorID,
    isModerator: exempt,
    html: rendered.html,
    plainText: rendered.plainText,
  });
  const pending = decision !== null;
  const now = nowIso(ctx.clock);
  const values: NewComment = {
    discussionID: discussion.discussionID,
    parentCommentID,
    depth,
    body: input.body,
    format: input.format,
    bodyHtml: rendered.html,
    bodyPlainText: rendered.plainText,
    insertUserID: authorID,
    dateInserted: now,
    moderationStatus: pending ? 'pending' : 'accepted',
  };
  if (pending) {
    // Waiting for approval: counted nowhere until a moderator accepts it.
    const reportID = await runTransaction(ctx.db, async (trx) => {
      const inserted = await insertComment(trx, values);
      return enqueueForApproval(
        trx,
        {
          recordType: 'comment',
          recordID: inserted.commentID,
          recordName: `Re: ${discussion.name}`,
          recordHtml: rendered.html,
          recordFormat: input.format,
          recordUserID: authorID,
          recordDateInserted: now,
          placeRecordID: discussion.categoryID,
        },
        decision,
        now,
      );
    });
    declareGuestChange(ctx, 'nothing');
    await removePostedDraft(ctx, input.draftID);
    return { status: 202, body: { message: COMMENT_PENDING_MESSAGE, status: 202, reportID } };
  }
  const { comment, counted } = await createCountedComment(
    ctx.db,
    values,
    computeHot(discussion.score, now),
    { categoryID: discussion.categoryID, chainIDs: categoryChainOf(discussion) },
  );
  // The discussion moved between our read and the write: count it where it is now.
  if (counted && counted.categoryID !== discussion.categoryID)
    await countCommentWhereDiscussionIs(ctx.db, comment);
  declareGuestChange(ctx, changedForGuests(discussion));
  await removePostedDraft(ctx, input.draftID);
  ctx.events.publish('commentAdded', {
    commentID: comment.commentID,
    discussionID: discussion.discussionID,
    categoryID: counted?.categoryID ?? discussion.categoryID,
    insertUserID: authorID,
    parentCommentID,
    ...(ctx.publishSilently === true ? { silent: true } : {}),
  });
  // The row as inserted, its discussion and its parent are in hand: nothing is read again.
  const [presented] = await presentComments(ctx, [comment], {
    expand: toCommentExpand(new Set()),
    quoteParent: true,
    discussions: new Map([[discussion.discussionID, discussion]]),
    ...(parent ? { parents: new Map([[parent.commentID, parent]]) } : {}),
  });
  if (!presented) throw commentNotFound(comment.commentID);
  return { status: 201, comment: presented };
}
