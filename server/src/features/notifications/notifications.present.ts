import type { Notification } from '../../../../common/src/api/notifications.ts';
import type { UserFragment } from '../../../../common/src/api/users.ts';
import { discussionUrl } from '../discussions/discussions.present.ts';
import type { ListedNotification } from './notifications.repo.ts';

export interface NotificationExtras {
  baseUrl: string;
  /** The batch's actors, newest first. */
  actors: UserFragment[];
  /** Present with `expand=discussion`: the discussion, or null when it is gone. */
  discussion?: { discussionID: number; name: string; categoryID: number } | null;
}

/** A stored notification (or a batch's newest row) → the Notification object of api-contract §4. */
export function presentNotification(row: ListedNotification, extras: NotificationExtras): Notification {
  const url = `${extras.baseUrl}${row.url}`;
  const notification: Notification = {
    notificationID: row.notificationID,
    body: row.body,
    photoUrl: extras.actors[0]?.photoUrl ?? null,
    url,
    read: row.read,
    dateInserted: row.dateInserted,
    dateUpdated: row.dateUpdated,
    activityName: row.activityType,
    activityType: row.activityType,
    count: row.count,
    recordType: row.recordType,
    recordID: row.recordID,
    recordUrl: url,
    discussionID: row.discussionID,
    notifyUsers: extras.actors,
  };
  if (row.reason !== null) notification.reason = row.reason;
  if (extras.discussion !== undefined) {
    notification.discussion = extras.discussion
      ? {
          ...extras.discussion,
          url: discussionUrl(extras.baseUrl, extras.discussion.discussionID, extras.discussion.name),
        }
      : null;
  }
  return notification;
}
