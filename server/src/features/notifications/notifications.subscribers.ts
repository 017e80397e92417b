import type { AppDeps } from '../../http/context.ts';
import { enqueueJob } from '../../platform/jobs/enqueue.ts';
import { DELIVER_NOTIFICATIONS_JOB, type DeliverPayload } from './notifications.deliver.ts';

/**
 * Subscribes notifications to the domain events (CONVENTIONS §6): each event of this process
 * enqueues one delivering job, so the write that caused it stays fast however many people
 * follow; the job works out the recipients. Events from other processes are theirs to enqueue.
 * Returns the unsubscribe function.
 */
export function subscribeNotifications(deps: AppDeps, log: { error(details: object, message: string): void }): () => void {
  const enqueue = async (payload: Omit<DeliverPayload, 'phase' | 'afterUserID'>): Promise<void> => {
    try {
      await enqueueJob(deps.db, DELIVER_NOTIFICATIONS_JOB, { ...payload, phase: 'targeted', afterUserID: 0 }, { clock: deps.clock });
    } catch (error) {
      log.error({ err: error, payload }, 'Notifications could not be queued.');
    }
  };
  const unsubscribers = [
    deps.events.subscribe('commentAdded', async (event, { remote }) => {
      if (remote || event.silent === true) return;
      await enqueue({ event: 'comment', recordType: 'comment', recordID: event.commentID, actorUserID: event.insertUserID });
    }),
    deps.events.subscribe('discussionAdded', async (event, { remote }) => {
      if (remote || event.silent === true) return;
      await enqueue({ event: 'discussion', recordType: 'discussion', recordID: event.discussionID, actorUserID: event.insertUserID });
    }),
    deps.events.subscribe('reactionAdded', async (event, { remote }) => {
      if (remote) return;
      await enqueue({
        event: 'reaction',
        recordType: event.recordType,
        recordID: event.recordID,
        actorUserID: event.userID,
        reactionType: event.reactionType,
      });
    }),
  ];
  return () => {
    for (const unsubscribe of unsubscribers) unsubscribe();
  };
}
