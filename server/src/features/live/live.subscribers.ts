import type { AppDeps } from '../../http/context.ts';
import { participatingUserIDs } from '../conversations/conversations.access.ts';
import type { LiveHub } from './live.hub.ts';
import { pushComments, pushNotificationCount, pushNotifications } from './live.service.ts';

/**
 * The live streams subscribe to the domain events (CONVENTIONS §6: "the SSE stream is just another
 * subscriber"), from this process and the others alike: each event reaches only the streams it
 * concerns, which fetch what is new for their reader past their cursor. Returns the unsubscribe.
 */
export function subscribeLive(deps: AppDeps, hub: LiveHub, log: { warn(details: object, message: string): void }): () => void {
  const failed = (error: unknown): void => {
    log.warn({ err: error }, 'A live stream closed after a failed push.');
  };
  const unsubscribers = [
    deps.events.subscribe('notificationsAdded', ({ userIDs }) => {
      for (const userID of userIDs) {
        for (const stream of hub.ofUser(userID)) void stream.enqueue(() => pushNotifications(stream), failed);
      }
    }),
    deps.events.subscribe('notificationsRead', ({ userID }) => {
      for (const stream of hub.ofUser(userID)) void stream.enqueue(() => pushNotificationCount(stream), failed);
    }),
    deps.events.subscribe('commentAdded', ({ discussionID }) => {
      for (const stream of hub.ofDiscussion(discussionID)) void stream.enqueue(() => pushComments(stream), failed);
    }),
    deps.events.subscribe('messageAdded', async (message) => {
      if (hub.size === 0) return;
      for (const userID of await participatingUserIDs(deps.db, message.conversationID)) {
        for (const stream of hub.ofUser(userID)) stream.send('message', message);
      }
    }),
  ];
  return () => {
    for (const unsubscribe of unsubscribers) unsubscribe();
  };
}
