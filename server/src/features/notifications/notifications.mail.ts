import { z } from 'zod';
import { notificationActivityTypes } from '../../../../common/src/api/notifications.ts';
import type { PermissionSet } from '../../../../common/src/permissions/types.ts';
import { loadPermissionSetsOf } from '../../permissions/permission-set.ts';
import { nowIso } from '../../platform/dates.ts';
import { excerptOf } from '../../platform/content/render.ts';
import { translatorFor } from '../../platform/i18n.ts';
import { registerJob, type JobServices } from '../../platform/jobs/registry.ts';
import { findCategory } from '../categories/categories.lookup.ts';
import { canViewCategory } from '../categories/categories.policy.ts';
import { getSettings } from '../config/config.service.ts';
import { canReceiveEmail } from '../notification-preferences/notification-preferences.policy.ts';
import { loadNotificationLanguages } from '../notification-preferences/notification-preferences.values.ts';
import { notificationMail, type NotificationMailInput } from './notifications.mail.templates.ts';
import { findNotificationDiscussions, findNotificationsToEmail, markNotificationEmailed, type NotificationRow } from './notifications.repo.ts';
import { unsubscribeToken, type UnsubscribeTarget } from './notifications.unsubscribe.ts';
import { findMailableUsers, findNotifiedComment, findNotifiedDiscussion, findUserName } from './notifications.recipients.repo.ts';

/** The job that e-mails a batch of notifications (one event's recipients) to their recipients (platform/mail.ts). */
export const sendNotificationEmailsJob = 'sendNotificationEmails';
/** The job of one notification's e-mail, queued before e-mails were batched (still run). */
export const sendNotificationEmailJob = 'sendNotificationEmail';

/**
 * Notifications per e-mail job: one job (a claim, its reads, a finish) per 50 e-mails instead of
 * one each (docs/performance.md "Issue 18 (brief A)": 9,598 e-mails took 35–176 s).
 */
export const EMAILS_PER_JOB = 50;

const eventFields = {
  /** The title of a record that is not a post (a conversation's name), known when delivered. */
  subjectName: z.string().optional(),
  /** A reaction's name (`Reaction`), known when delivered. */
  reactionName: z.string().optional(),
};
const payloadSchema = z.object({ notificationID: z.number().int(), ...eventFields });
const batchPayloadSchema = z.object({ notificationIDs: z.array(z.number().int()).min(1).max(EMAILS_PER_JOB), ...eventFields });
export type NotificationEmailsPayload = z.infer<typeof batchPayloadSchema>;

/** The payloads of the e-mail jobs of one event's notifications, `EMAILS_PER_JOB` to a job. */
export function notificationEmailBatches(
  notificationIDs: readonly number[],
  fields: { subjectName?: string | undefined; reactionName?: string | undefined } = {},
): NotificationEmailsPayload[] {
  const extra = {
    ...(fields.subjectName === undefined ? {} : { subjectName: fields.subjectName }),
    ...(fields.reactionName === undefined ? {} : { reactionName: fields.reactionName }),
  };
  const batches: NotificationEmailsPayload[] = [];
  for (let start = 0; start < notificationIDs.length; start += EMAILS_PER_JOB) {
    batches.push({ notificationIDs: notificationIDs.slice(start, start + EMAILS_PER_JOB), ...extra });
  }
  return batches;
}

/** Where the preferences page lives (web `notificationPreferencesPath()`). */
export const notificationPreferencesPath = '/profile/preferences';

/** A signed one-click unsubscribe URL (RFC 8058) for one user and one kind of e-mail. */
export function unsubscribeUrl(services: JobServices, target: UnsubscribeTarget): string {
  return `${services.config.baseUrl}/api/v2/notifications/unsubscribe/${unsubscribeToken(services.secret, target)}`;
}

/** The one-click unsubscribe URL of a notification's e-mail: its followed category's key, or its activity. */
async function unsubscribeUrlOf(services: JobServices, notification: NotificationRow): Promise<string> {
  const activityType = notificationActivityTypes.find((type) => type === notification.activityType) ?? 'Mention';
  let categoryID: number | null = null;
  if ((activityType === 'NewComment' || activityType === 'NewDiscussion') && notification.discussionID !== null) {
    categoryID = (await findNotificationDiscussions(services.db, [notification.discussionID])).get(notification.discussionID)?.categoryID ?? null;
  }
  return unsubscribeUrl(services, { userID: notification.notifyUserID, activityType, categoryID });
}

/** Reads shared by a batch's e-mails: each post, category and name is read once. */
function batchReader(services: JobServices) {
  const { db } = services;
  const posts = new Map<string, Promise<{ discussionName: string; categoryID: number; bodyPlainText: string } | undefined>>();
  const categories = new Map<number, ReturnType<typeof findCategory>>();
  const names = new Map<number, Promise<string | undefined>>();
  return {
    post(recordType: 'comment' | 'discussion', recordID: number) {
      const key = `${recordType}:${String(recordID)}`;
      let post = posts.get(key);
      if (!post) {
        post = recordType === 'comment' ? findNotifiedComment(db, recordID) : findNotifiedDiscussion(db, recordID);
        posts.set(key, post);
      }
      return post;
    },
    category(categoryID: number) {
      let category = categories.get(categoryID);
      if (!category) {
        category = findCategory(db, categoryID);
        categories.set(categoryID, category);
      }
      return category;
    },
    name(userID: number) {
      let name = names.get(userID);
      if (!name) {
        name = findUserName(db, userID);
        names.set(userID, name);
      }
      return name;
    },
  };
}

/**
 * What the e-mail says about the notification's record, read when it is sent: a post's title and
 * excerpt, or undefined when the recipient may no longer read it (moved, hidden, gone).
 */
async function describe(
  reader: ReturnType<typeof batchReader>,
  notification: NotificationRow,
  payload: Pick<NotificationEmailsPayload, 'subjectName'>,
  set: PermissionSet,
): Promise<Pick<NotificationMailInput, 'title' | 'excerpt'> | undefined> {
  if (notification.recordType !== 'comment' && notification.recordType !== 'discussion') {
    return { title: payload.subjectName };
  }
  const post = await reader.post(notification.recordType, notification.recordID);
  const category = post ? await reader.category(post.categoryID) : undefined;
  if (!post || !category || !canViewCategory(set, category)) return undefined;
  return { title: post.discussionName, excerpt: excerptOf(post.bodyPlainText, 200) };
}

/**
 * Sends the e-mails of a batch of notifications, each in its recipient's language, with the
 * post's title and an excerpt, and marks each as e-mailed: a batch run again (its worker died)
 * sends only the rest. Skips a notification whose recipient has no confirmed address, no longer
 * holds `email.view` (api-contract §6: the e-mail column is honoured only for its holders) or may
 * no longer read the post, and everything while `emails.enabled` is off: all checked when sent.
 * @returns how many e-mails were sent.
 */
export async function sendNotificationEmails(payload: NotificationEmailsPayload, services: JobServices): Promise<number> {
  const { db, clock } = services;
  if (!(await getSettings(db))['emails.enabled']) return 0;
  const notifications = await findNotificationsToEmail(db, payload.notificationIDs);
  const userIDs = [...new Set(notifications.map((notification) => notification.notifyUserID))];
  const recipients = await findMailableUsers(db, userIDs);
  const sets = await loadPermissionSetsOf(db, [...recipients.keys()]);
  const languages = await loadNotificationLanguages(db, [...recipients.keys()]);
  const reader = batchReader(services);
  let sent = 0;
  for (const notification of notifications) {
    const userID = notification.notifyUserID;
    const recipient = recipients.get(userID);
    const set = sets.get(userID);
    if (!recipient || !set || !canReceiveEmail(set)) continue;
    const about = await describe(reader, notification, payload, set);
    if (!about) continue;
    const activityType = notificationActivityTypes.find((type) => type === notification.activityType);
    const actorName = (notification.actorUserID === null ? undefined : await reader.name(notification.actorUserID)) ?? 'Someone';
    const t = translatorFor(languages.get(userID) ?? 'en');
    const message = notificationMail(
      t,
      {
        activityType: activityType ?? 'Mention',
        actorName,
        // An activity this build does not know sends its stored body.
        title: activityType ? about.title : undefined,
        excerpt: about.excerpt,
        reactionName: payload.reactionName,
        bodyHtml: notification.body,
      },
      {
        url: `${services.config.baseUrl}${notification.url}`,
        preferencesUrl: `${services.config.baseUrl}${notificationPreferencesPath}`,
        unsubscribeUrl: await unsubscribeUrlOf(services, notification),
      },
    );
    await services.mailer.send({ to: recipient.email, ...message });
    await markNotificationEmailed(db, notification.notificationID, nowIso(clock));
    sent += 1;
  }
  return sent;
}

registerJob(sendNotificationEmailsJob, {
  schema: batchPayloadSchema,
  handler: async (payload, run) => {
    await sendNotificationEmails(payload, run.services);
  },
});

registerJob(sendNotificationEmailJob, {
  schema: payloadSchema,
  handler: async ({ notificationID, ...fields }, run) => {
    await sendNotificationEmails({ notificationIDs: [notificationID], ...fields }, run.services);
  },
});
