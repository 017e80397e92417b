import type { RequestContext } from '../../http/context.ts';
import { countUnreadConversations } from './conversations.repo.ts';

/**
 * The current user's conversations with unread messages (`/users/me` countUnreadConversations,
 * me-counts `Conversations`); 0 for guests.
 */
export async function countUnreadConversationsOf(ctx: RequestContext): Promise<number> {
  if (ctx.actor.userID <= 0) return 0;
  return countUnreadConversations(ctx.db, ctx.actor.userID);
}
