import type { RequestContext } from '../../http/context.ts';
import { countUnreadNotifications } from './notifications.repo.ts';

/**
 * The current user's unread notifications, a batch counting once (`/users/me`
 * countUnreadNotifications, me-counts UnreadNotifications); 0 for guests.
 */
export async function countUnreadNotificationsOf(ctx: RequestContext): Promise<number> {
  if (ctx.actor.userID <= 0) return 0;
  return countUnreadNotifications(ctx.db, ctx.actor.userID);
}
