import type { EventBus } from '../../platform/events/bus.ts';
import { NOTIFIED_USERS_PER_EVENT } from '../../platform/events/events.ts';

/**
 * Tells every process's live streams (features/live) who has new in-app notifications: call after
 * the transaction that inserted them commits, with the recipients of popup notifications.
 */
export function announceNotifications(events: EventBus, userIDs: readonly number[]): void {
  const unique = [...new Set(userIDs)];
  for (let start = 0; start < unique.length; start += NOTIFIED_USERS_PER_EVENT) {
    events.publish('notificationsAdded', { userIDs: unique.slice(start, start + NOTIFIED_USERS_PER_EVENT) });
  }
}
