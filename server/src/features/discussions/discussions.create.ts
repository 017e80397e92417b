import {
  DISCUSSION_PENDING_MESSAGE,
  type CreateDiscussionBody,
  type Discussion,
  type PostableDiscussionType,
} from '../../../../common/src/api/discussions.ts';
import type { RequestContext } from '../../http/context.ts';
import { authorize } from '../../permissions/authorize.ts';
import { nowIso } from '../../platform/dates.ts';
import { runTransaction } from '../../platform/db/transaction.ts';
import { declareGuestChange } from '../../platform/guest-cache.ts';
import { enforceFloodControl } from '../../platform/flood-control.ts';
import { pathCategoryIDs } from '../categories/categories.tree.ts';
import { getSettings } from '../config/config.service.ts';
import { setDiscussionTags } from '../tags/tags.service.ts';
import { categoryCountersUpdate, userCountersUpdate } from '../../platform/db/post-counters.ts';
import { computeHot } from './discussions.hot.ts';
import {
  canAddDiscussion,
  canAnnounceDiscussion,
  canCloseDiscussion,
  canResolveDiscussion,
  canSinkDiscussion,
  canViewDiscussion,
  isDiscussionModerator,
} from './discussions.policy.ts';
import { toDiscussionExpand } from './discussions.present.ts';
import { insertDiscussion } from './discussions.repo.ts';
import { upsertUserDiscussion } from './user-discussions.repo.ts';
import {
  actorOf,
  requireCategory,
  assertPostableCategory,
  assertTypeAllowed,
  changedFor,
  renderDiscussionBody,
  requestedPin,
} from './discussions.guards.ts';
import { presentOne } from './discussions.present-batch.ts';
import { decidePremoderation, enqueueForApproval } from '../reports/premoderation.ts';
import { removePostedDraft } from '../drafts/drafts.posting.ts';

/** A created discussion, or the premoderation answer (api-contract §1.10: 202, no record). */
export type CreateDiscussionResult =
  | { kind: 'created'; discussion: Discussion }
  | { kind: 'pending'; message: string; reportID: number };

/**
 * api-contract §1.13 flood control: at most `floodControl.discussions.count` discussions per
 * `…seconds`; the one beyond starts a lock of `…lockSeconds`. 429, a validation error on `body`.
 */
async function enforceDiscussionFloodControl(ctx: RequestContext): Promise<void> {
  const settings = await getSettings(ctx.db);
  await enforceFloodControl(ctx.db, `discussions:${String(ctx.actor.userID)}`, {
    count: settings['floodControl.discussions.count'],
    seconds: settings['floodControl.discussions.seconds'],
    lockSeconds: settings['floodControl.discussions.lockSeconds'],
  }, ctx.clock());
}

/**
 * `POST /discussions` and `POST /discussions/question` (api-contract §8).
 * @throws AppError 404 unknown category; 403 without `discussions.add` (or the flags' permissions),
 * heading categories; 422/400 for bad fields; 429 flood control; 403/404/409 from tags.
 */
export async function createDiscussion(
  ctx: RequestContext,
  input: CreateDiscussionBody,
  type: PostableDiscussionType = 'discussion',
): Promise<CreateDiscussionResult> {
  const actor = actorOf(ctx);
  const category = await requireCategory(ctx.db, input.categoryID);
  if (actor.userID > 0)
    authorize(canViewDiscussion(ctx.permissions, category), { permissions: 'discussions.view' });
  authorize(canAddDiscussion(actor, category), { permissions: 'discussions.add' });
  assertPostableCategory(category);
  assertTypeAllowed(category, type);
  const now = nowIso(ctx.clock);
  const asAuthor = { insertUserID: actor.userID, closed: false, dateInserted: now };
  if (input.closed)
    authorize(canCloseDiscussion(actor, asAuthor, category), { permissions: 'discussions.close' });
  if (input.sink)
    authorize(canSinkDiscussion(actor, category), { permissions: 'discussions.sink' });
  const pin = requestedPin(input);
  if (pin?.pinned)
    authorize(canAnnounceDiscussion(actor, category), { permissions: 'discussions.announce' });
  if (input.resolved !== undefined)
    authorize(canResolveDiscussion(actor), { permissions: 'staff.allow' });

  const rendered = await renderDiscussionBody(ctx, input.body, input.format);
  const moderator = isDiscussionModerator(actor, category);
  if (!moderator && ctx.publishingScheduledDraft !== true) await enforceDiscussionFloodControl(ctx);
  // api-contract §27.5: a non-moderator's post may wait in the approval queue.
  const decision = await decidePremoderation(ctx, {
    recordType: 'discussion',
    category,
    authorID: actor.userID,
    isModerator: moderator,
    name: input.name,
    html: rendered.html,
    plainText: rendered.plainText,
  });
  const pending = decision !== null;
  let reportID = 0;

  const discussionID = await runTransaction(ctx.db, async (trx, control) => {
    const id = await insertDiscussion(trx, {
      type,
      categoryID: category.categoryID,
      name: input.name,
      body: input.body,
      format: input.format,
      bodyHtml: rendered.html,
      bodyPlainText: rendered.plainText,
      insertUserID: actor.userID,
      dateInserted: now,
      dateLastComment: now,
      hot: computeHot(0, now),
      pinned: pin?.pinned ?? false,
      pinLocation: pin?.pinLocation ?? null,
      closed: input.closed ?? false,
      sink: input.sink ?? false,
      resolved: input.resolved ?? false,
      resolvedUserID: input.resolved ? actor.userID : null,
      moderationStatus: pending ? 'pending' : 'accepted',
    });
    if (input.tagIDs !== undefined || input.newTagNames !== undefined) {
      await setDiscussionTags(trx, ctx, id, {
        tagIDs: input.tagIDs,
        newTagNames: input.newTagNames,
      });
    }
    await upsertUserDiscussion(trx, actor.userID, id, { participated: true });
    if (decision) {
      reportID = await enqueueForApproval(
        trx,
        {
          recordType: 'discussion',
          recordID: id,
          recordName: input.name,
          recordHtml: rendered.html,
          recordFormat: input.format,
          recordUserID: actor.userID,
          recordDateInserted: now,
          placeRecordID: category.categoryID,
        },
        decision,
        now,
      );
    }
    if (!pending) {
      // Users, then categories, with the commit (the lock order of comments.service.ts); the new
      // discussion is its category's newest post.
      const author = userCountersUpdate(trx, actor.userID, { discussions: 1 });
      const categories = categoryCountersUpdate(trx, {
        categoryID: category.categoryID,
        chainIDs: pathCategoryIDs(category.treePath),
        discussions: 1,
        comments: 0,
        newPost: { discussionID: id, commentID: null, date: now },
      });
      for (const query of [author, categories]) if (query) control.atCommit(query);
    }
    return id;
  });
  declareGuestChange(ctx, pending ? 'nothing' : changedFor(discussionID, category));
  await removePostedDraft(ctx, input.draftID);
  if (pending) return { kind: 'pending', message: DISCUSSION_PENDING_MESSAGE, reportID };
  ctx.events.publish('discussionAdded', {
    discussionID,
    categoryID: category.categoryID,
    insertUserID: actor.userID,
    ...(ctx.publishSilently === true ? { silent: true } : {}),
  });
  return {
    kind: 'created',
    discussion: await presentOne(ctx, discussionID, toDiscussionExpand(input.expand)),
  };
}
