import { commentsQuerySchema } from '../../../../common/src/api/comments.ts';
import type { RequestContext } from '../../http/context.ts';
import { authorize } from '../../permissions/authorize.ts';
import { loadPermissionSet } from '../../permissions/permission-set.ts';
import { listComments, requireReadableDiscussion } from '../comments/comments.service.ts';
import { countUnreadNotificationsOf } from '../notifications/notifications.counts.ts';
import { latestNotificationID, listNotificationsAfter } from '../notifications/notifications.service.ts';
import { canOpenLiveStream } from './live.policy.ts';
import { parseCursor, type LiveCursor, type LiveStream } from './live.stream.ts';

/** Notifications (or comments) one push sends at most; the rest follow on the next event or reconnect. */
export const LIVE_BATCH = 50;

/** What a new stream follows and where it starts. */
export interface LiveStart {
  discussionID: number | null;
  cursor: LiveCursor;
  countUnreadNotifications: number;
}

/**
 * `GET /api/v2/events` (issue 13): who may open a stream and where it starts. A signed-in user's
 * stream carries their notifications; `discussionID` adds that discussion's new comments (its
 * reader must be allowed to read it; guests may follow a discussion only). `lastEventID` (the
 * `Last-Event-ID` header) resumes after what the browser last received; without it the stream
 * starts now.
 * @throws AppError 403 (a guest without a discussion, or no view permission), 404 "Discussion not found."
 */
export async function openLiveStream(
  ctx: RequestContext,
  query: { discussionID?: number | undefined },
  lastEventID: string | undefined,
): Promise<LiveStart> {
  const discussionID = query.discussionID ?? null;
  authorize(canOpenLiveStream(ctx.permissions, ctx.actor.userID, discussionID), { permissions: 'session.valid' });
  const discussion = discussionID === null ? undefined : await requireReadableDiscussion(ctx, ctx.db, discussionID);
  const signedIn = ctx.actor.userID > 0;
  const resumed = parseCursor(lastEventID);
  const cursor = resumed ?? {
    notificationID: signedIn ? await latestNotificationID(ctx) : 0,
    commentID: discussion?.lastCommentID ?? 0,
  };
  return { discussionID, cursor, countUnreadNotifications: await countUnreadNotificationsOf(ctx) };
}

/** The stream's context with its reader's permissions as they are now (roles, bans, categories change). */
async function currentContext(stream: LiveStream): Promise<RequestContext> {
  const { ctx } = stream;
  return { ...ctx, permissions: await loadPermissionSet(ctx.db, ctx.actor.userID) };
}

/** Sends the reader's notifications newer than the stream's cursor, then the unread count. */
export async function pushNotifications(stream: LiveStream): Promise<void> {
  if (stream.userID <= 0) return;
  const ctx = await currentContext(stream);
  const notifications = await listNotificationsAfter(ctx, stream.cursor.notificationID, LIVE_BATCH);
  for (const notification of notifications) {
    stream.send('notification', notification, { notificationID: notification.notificationID });
  }
  await pushNotificationCount(stream, ctx);
}

/** Sends the reader's unread notification count. */
export async function pushNotificationCount(stream: LiveStream, given?: RequestContext): Promise<void> {
  if (stream.userID <= 0) return;
  const ctx = given ?? (await currentContext(stream));
  stream.send('notificationCount', { countUnreadNotifications: await countUnreadNotificationsOf(ctx) });
}

/**
 * Sends the followed discussion's comments newer than the stream's cursor, as `GET /comments`
 * shows them to the reader (permissions read now: a reader who lost access gets a 403/404 and
 * the stream closes).
 */
export async function pushComments(stream: LiveStream): Promise<void> {
  if (stream.discussionID === null) return;
  const ctx = await currentContext(stream);
  const query = commentsQuerySchema.parse({
    discussionID: String(stream.discussionID),
    commentID: `>${String(stream.cursor.commentID)}`,
    sort: 'commentID',
    limit: String(LIVE_BATCH),
  });
  const { comments } = await listComments(ctx, query);
  for (const comment of comments) stream.send('comment', comment, { commentID: comment.commentID });
}

/** A resumed stream catches up on what it missed; a new one has nothing to catch up on. */
export async function catchUp(stream: LiveStream): Promise<void> {
  await pushNotifications(stream);
  await pushComments(stream);
}
