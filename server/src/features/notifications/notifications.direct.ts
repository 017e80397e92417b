import type { NotificationActivityType } from '../../../../common/src/api/notifications.ts';
import { has } from '../../../../common/src/permissions/has.ts';
import { loadPermissionSet } from '../../permissions/permission-set.ts';
import { nowIso } from '../../platform/dates.ts';
import type { Db } from '../../platform/db/db.ts';
import { enqueueJobs } from '../../platform/jobs/enqueue.ts';
import { loadEffectivePreferences } from '../notification-preferences/notification-preferences.values.ts';
import type { EventBus } from '../../platform/events/bus.ts';
import { announceNotifications } from './notifications.announce.ts';
import { notificationEmailBatches, sendNotificationEmailsJob } from './notifications.mail.ts';
import { insertNotificationsOnce } from './notifications.repo.ts';
import { notificationBody, REASONS } from './notifications.reasons.ts';
import { findMailableUsers, findUserName } from './notifications.recipients.repo.ts';

/** A notification addressed to known people (a private message), not worked out from a post. */
export interface DirectNotification {
  activityType: NotificationActivityType;
  recipientIDs: readonly number[];
  actorUserID: number;
  recordType: string;
  recordID: number;
  /** The target, relative to the site. */
  url: string;
  /** What the body names after the actor (the conversation's name). */
  subjectName: string;
  batchKey: string;
  /** One notification per recipient per key: a job run again delivers nothing twice. */
  dedupeKey: string;
  /** `Approval`: what the moderator decided (the body says it). */
  decision?: 'approved' | 'rejected' | undefined;
}

/**
 * Delivers a notification to its recipients, each per their preferences of its activity (popup
 * and/or e-mail, e-mail needing `email.view` and a confirmed address). Banned and deleted users,
 * and the actor, get nothing. Called by the features' jobs (conversations' messages).
 */
export async function deliverDirectNotification(
  services: { db: Db; clock: () => number; events: EventBus },
  notification: DirectNotification,
): Promise<void> {
  const { db, clock } = services;
  const recipientIDs = [...new Set(notification.recipientIDs)].filter((id) => id > 0 && id !== notification.actorUserID);
  if (recipientIDs.length === 0) return;
  const preferences = await loadEffectivePreferences(db, recipientIDs);
  const mailable = await findMailableUsers(db, recipientIDs);
  const deliveries: { userID: number; popup: boolean; email: boolean }[] = [];
  for (const userID of recipientIDs) {
    const set = await loadPermissionSet(db, userID);
    if (!has(set, 'session.valid')) continue;
    const methods = preferences.get(userID)?.[notification.activityType];
    if (!methods) continue;
    const email = methods.email && mailable.has(userID) && has(set, 'email.view');
    if (methods.popup || email) deliveries.push({ userID, popup: methods.popup, email });
  }
  if (deliveries.length === 0) return;
  const actorName = (await findUserName(db, notification.actorUserID)) ?? 'Someone';
  const body = notificationBody(
    notification.activityType,
    actorName,
    notification.subjectName,
    undefined,
    notification.decision,
  );
  const now = nowIso(clock);
  const shown = await db.transaction().execute(async (trx) => {
    const inserted = await insertNotificationsOnce(
      trx,
      deliveries.map(({ userID, popup }) => ({
        notifyUserID: userID,
        activityType: notification.activityType,
        reason: REASONS[notification.activityType],
        recordType: notification.recordType,
        recordID: notification.recordID,
        discussionID: null,
        actorUserID: notification.actorUserID,
        body,
        url: notification.url,
        popup,
        batchKey: notification.batchKey,
        dedupeKey: notification.dedupeKey,
        dateInserted: now,
        dateUpdated: now,
      })),
    );
    const mailed: number[] = [];
    for (const { userID, email } of deliveries) {
      const notificationID = inserted.get(userID);
      if (notificationID !== undefined && email) mailed.push(notificationID);
    }
    const batches = notificationEmailBatches(mailed, { subjectName: notification.subjectName });
    await enqueueJobs(trx, sendNotificationEmailsJob, batches, { clock });
    return deliveries.filter(({ userID, popup }) => popup && inserted.has(userID)).map(({ userID }) => userID);
  });
  announceNotifications(services.events, shown);
}
