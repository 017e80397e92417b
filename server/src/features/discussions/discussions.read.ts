import type {
  Discussion,
  DiscussionEdit,
  DiscussionQuote,
} from '../../../../common/src/api/discussions.ts';
import { USER_TAG_TYPE } from '../../../../common/src/api/tags.ts';
import type { RequestContext } from '../../http/context.ts';
import { authorize } from '../../permissions/authorize.ts';
import { nowIso } from '../../platform/dates.ts';
import { notFound } from '../../platform/errors.ts';
import { getSettings } from '../config/config.service.ts';
import { loadDiscussionTags } from '../tags/tags.service.ts';
import { loadUserFragments } from '../users/users.service.ts';
import { canManageDiscussion } from './discussions.policy.ts';
import {
  presentDiscussionEdit,
  presentDiscussionQuote,
  toDiscussionExpand,
} from './discussions.present.ts';
import { recordUserView } from './user-discussions.repo.ts';
import { countDiscussionView } from './discussions.views.ts';
import { actorOf, requireViewableDiscussion } from './discussions.guards.ts';
import { presentDiscussions } from './discussions.present-batch.ts';

/**
 * `GET /discussions/{id}` (api-contract §8).
 * @throws AppError 404 "Discussion not found."; 403 when its category is not viewable.
 */
export async function getDiscussion(
  ctx: RequestContext,
  discussionID: number,
  expand?: Iterable<string>,
): Promise<Discussion> {
  // The row the permission check read is the one presented (it is not read a second time).
  const { row } = await requireViewableDiscussion(ctx, ctx.db, discussionID);
  const [discussion] = await presentDiscussions(ctx, [row], {
    expand: toDiscussionExpand(new Set(expand ?? [])),
  });
  if (!discussion) throw notFound('Discussion', { discussionID });
  return discussion;
}

/**
 * Counts a page view (layouts call it when a discussion page renders): `countViews` + 1, buffered
 * (discussions.views.ts); for a signed-in viewer `dateLastViewed` = now and `countCommentsRead` =
 * max(old, seen).
 */
export async function recordDiscussionView(
  ctx: RequestContext,
  discussionID: number,
  countCommentsSeen: number,
): Promise<void> {
  countDiscussionView(ctx.db, discussionID);
  ctx.viewedDiscussionID = discussionID;
  if (ctx.actor.userID > 0) {
    await recordUserView(
      ctx.db,
      ctx.actor.userID,
      discussionID,
      nowIso(ctx.clock),
      Math.max(0, countCommentsSeen),
    );
  }
}

/**
 * `GET /discussions/{id}/edit` (api-contract §8): the raw source, for the author or an editor.
 * @throws AppError 404, 403.
 */
export async function getDiscussionEdit(
  ctx: RequestContext,
  discussionID: number,
): Promise<DiscussionEdit> {
  const { row, category } = await requireViewableDiscussion(ctx, ctx.db, discussionID);
  const actor = actorOf(ctx);
  authorize(
    (actor.userID > 0 && actor.userID === row.insertUserID) || canManageDiscussion(actor, category),
    { permissions: 'discussions.edit' },
  );
  const settings = await getSettings(ctx.db);
  const tagIDs = settings['tagging.enabled']
    ? ((await loadDiscussionTags(ctx.db, [discussionID])).get(discussionID) ?? [])
        .filter((tag) => tag.type === USER_TAG_TYPE)
        .map((tag) => tag.tagID)
    : null;
  return presentDiscussionEdit(row, tagIDs);
}

/**
 * `GET /discussions/{id}/quote` (api-contract §8).
 * @throws AppError 404, 403.
 */
export async function getDiscussionQuote(
  ctx: RequestContext,
  discussionID: number,
): Promise<DiscussionQuote> {
  const { row } = await requireViewableDiscussion(ctx, ctx.db, discussionID);
  const users = await loadUserFragments(ctx, [row.insertUserID]);
  const insertUser = users.get(row.insertUserID);
  if (!insertUser) throw notFound('User');
  return presentDiscussionQuote(row, insertUser, ctx.config.baseUrl);
}
