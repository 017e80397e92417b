import type { Notification } from '../../../../common/src/api/notifications.ts';
import { readExpand } from '../../../../common/src/api/common.ts';
import type { RequestContext } from '../../http/context.ts';
import { authorize } from '../../permissions/authorize.ts';
import { nowIso } from '../../platform/dates.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { loadUserFragments } from '../users/users.service.ts';
import { presentNotification } from './notifications.present.ts';
import { canAccessNotification, canUseNotifications } from './notifications.policy.ts';
import {
  findBatchActors,
  findBatchedNotifications,
  findNotificationByID,
  findLatestNotificationID,
  findNotificationDiscussions,
  findNotifications,
  findNotificationsAfter,
  markAllRead,
  markBatchRead,
  type ListedNotification,
} from './notifications.repo.ts';

/** Actors shown per notification (`notifyUsers`). */
const MAX_NOTIFY_USERS = 5;

function requireSignedIn(ctx: RequestContext): void {
  authorize(canUseNotifications(ctx.permissions, ctx.actor.userID), { permissions: 'session.valid' });
}

async function present(
  ctx: RequestContext,
  rows: ListedNotification[],
  expand: ReadonlySet<string> | undefined,
): Promise<Notification[]> {
  const userID = ctx.actor.userID;
  const actorsByBatch = await findBatchActors(ctx.db, userID, rows.map((row) => row.batchKey));
  const actorIDs = new Set<number>();
  for (const ids of actorsByBatch.values()) for (const id of ids.slice(0, MAX_NOTIFY_USERS)) actorIDs.add(id);
  const fragments = await loadUserFragments(ctx, [...actorIDs]);
  const withDiscussion = readExpand(expand, ['discussion']).discussion;
  const discussions = withDiscussion
    ? await findNotificationDiscussions(ctx.db, rows.flatMap((row) => (row.discussionID === null ? [] : [row.discussionID])))
    : undefined;
  return rows.map((row) =>
    presentNotification(row, {
      baseUrl: ctx.config.baseUrl,
      actors: (actorsByBatch.get(row.batchKey) ?? [])
        .slice(0, MAX_NOTIFY_USERS)
        .flatMap((id) => {
          const fragment = fragments.get(id);
          return fragment ? [fragment] : [];
        }),
      ...(discussions
        ? { discussion: row.discussionID === null ? null : (discussions.get(row.discussionID) ?? null) }
        : {}),
    }),
  );
}

/**
 * `GET /notifications` (api-contract §4): the current user's notifications, newest first; with
 * `shouldBatch` (default) the notifications of one batch are one item with their `count`.
 * @throws AppError 403 for guests.
 */
export async function listNotifications(
  ctx: RequestContext,
  query: { page: number; limit: number; shouldBatch: boolean; expand?: ReadonlySet<string> | undefined },
): Promise<Notification[]> {
  requireSignedIn(ctx);
  const page = { offset: (query.page - 1) * query.limit, limit: query.limit };
  const rows = query.shouldBatch
    ? await findBatchedNotifications(ctx.db, ctx.actor.userID, page)
    : await findNotifications(ctx.db, ctx.actor.userID, page);
  return present(ctx, rows, query.expand);
}

async function ownNotification(ctx: RequestContext, notificationID: number): Promise<ListedNotification> {
  requireSignedIn(ctx);
  const row = await findNotificationByID(ctx.db, notificationID);
  if (!row || !row.popup) throw notFound('Notification');
  if (!canAccessNotification(ctx.actor.userID, row)) {
    throw new AppError(403, 'You do not have access to the notification(s).');
  }
  return { ...row, count: 1 };
}

/**
 * `GET /notifications/{id}` (api-contract §4).
 * @throws AppError 403 "You do not have access to the notification(s).", 404 "Notification not found."
 */
export async function getNotification(
  ctx: RequestContext,
  notificationID: number,
  expand?: ReadonlySet<string>,
): Promise<Notification> {
  const row = await ownNotification(ctx, notificationID);
  const [notification] = await present(ctx, [row], expand);
  if (!notification) throw notFound('Notification');
  return notification;
}

/**
 * `PATCH /notifications/{id}` and `PUT /notifications/{id}/read` (api-contract §4): marks the
 * notification read, with every notification of its batch.
 * @throws AppError 403, 404 as GET.
 */
export async function readNotification(ctx: RequestContext, notificationID: number): Promise<Notification> {
  const row = await ownNotification(ctx, notificationID);
  await markBatchRead(ctx.db, ctx.actor.userID, row.batchKey, nowIso(ctx.clock));
  ctx.events.publish('notificationsRead', { userID: ctx.actor.userID });
  return getNotification(ctx, notificationID);
}

/** `PATCH /notifications` (api-contract §4): marks every notification of the current user read. */
export async function readAllNotifications(ctx: RequestContext): Promise<void> {
  requireSignedIn(ctx);
  await markAllRead(ctx.db, ctx.actor.userID, nowIso(ctx.clock));
  ctx.events.publish('notificationsRead', { userID: ctx.actor.userID });
}

/**
 * The current user's in-app notifications newer than `afterID`, oldest first, one per row (a live
 * stream's next events, features/live).
 */
export async function listNotificationsAfter(ctx: RequestContext, afterID: number, limit: number): Promise<Notification[]> {
  requireSignedIn(ctx);
  return present(ctx, await findNotificationsAfter(ctx.db, ctx.actor.userID, afterID, limit), undefined);
}

/** The current user's newest notification ID (0 when none). */
export async function latestNotificationID(ctx: RequestContext): Promise<number> {
  return findLatestNotificationID(ctx.db, ctx.actor.userID);
}
