import type { RequestContext } from '../../http/context.ts';
import { authorize } from '../../permissions/authorize.ts';
import { nowIso } from '../../platform/dates.ts';
import { canKeepDiscussionState } from './discussions.policy.ts';
import { upsertUserDiscussion } from './user-discussions.repo.ts';
import { actorOf, requireViewableDiscussion } from './discussions.guards.ts';

/** `PUT /discussions/{id}/bookmark`. @throws AppError 404, 403. */
export async function bookmarkDiscussion(
  ctx: RequestContext,
  discussionID: number,
  bookmarked: boolean,
): Promise<{ bookmarked: boolean }> {
  authorize(canKeepDiscussionState(actorOf(ctx)), { permissions: 'session.valid' });
  await requireViewableDiscussion(ctx, ctx.db, discussionID);
  await upsertUserDiscussion(ctx.db, ctx.actor.userID, discussionID, {
    bookmarked,
    dateBookmarked: bookmarked ? nowIso(ctx.clock) : null,
  });
  return { bookmarked };
}

/** `PUT /discussions/{id}/dismiss` (announcements). @throws AppError 404, 403. */
export async function dismissDiscussion(
  ctx: RequestContext,
  discussionID: number,
  dismissed: boolean,
): Promise<{ dismissed: boolean }> {
  authorize(canKeepDiscussionState(actorOf(ctx)), { permissions: 'session.valid' });
  await requireViewableDiscussion(ctx, ctx.db, discussionID);
  await upsertUserDiscussion(ctx.db, ctx.actor.userID, discussionID, { dismissed });
  return { dismissed };
}

/** `PUT /discussions/{id}/mute`: a muted discussion sends the user no notifications. @throws AppError 404, 403. */
export async function muteDiscussion(
  ctx: RequestContext,
  discussionID: number,
  muted: boolean,
): Promise<{ muted: boolean }> {
  authorize(canKeepDiscussionState(actorOf(ctx)), { permissions: 'session.valid' });
  await requireViewableDiscussion(ctx, ctx.db, discussionID);
  await upsertUserDiscussion(ctx.db, ctx.actor.userID, discussionID, { muted });
  return { muted };
}
