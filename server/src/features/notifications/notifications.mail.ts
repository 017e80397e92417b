import { z } from 'zod';
import { notificationActivityTypes } from '../../../../common/src/api/notifications.ts';
import { loadPermissionSet } from '../../permissions/permission-set.ts';
import { excerptOf } from '../../platform/content/render.ts';
import { translatorFor } from '../../platform/i18n.ts';
import { registerJob, type JobServices } from '../../platform/jobs/registry.ts';
import { findCategory } from '../categories/categories.lookup.ts';
import { canViewCategory } from '../categories/categories.policy.ts';
import { getSettings } from '../config/config.service.ts';
import { canReceiveEmail } from '../notification-preferences/notification-preferences.policy.ts';
import { loadNotificationLanguage } from '../notification-preferences/notification-preferences.values.ts';
import { notificationMail, type NotificationMailInput } from './notifications.mail.templates.ts';
import { findNotificationByID, findNotificationDiscussions, type NotificationRow } from './notifications.repo.ts';
import { unsubscribeToken, type UnsubscribeTarget } from './notifications.unsubscribe.ts';
import { findMailableUsers, findNotifiedComment, findNotifiedDiscussion, findUserName } from './notifications.recipients.repo.ts';

/** The job that e-mails one notification to its recipient (platform/mail.ts). */
export const sendNotificationEmailJob = 'sendNotificationEmail';

const payloadSchema = z.object({
  notificationID: z.number().int(),
  /** The title of a record that is not a post (a conversation's name), known when delivered. */
  subjectName: z.string().optional(),
  /** A reaction's name (`Reaction`), known when delivered. */
  reactionName: z.string().optional(),
});
export type NotificationEmailPayload = z.infer<typeof payloadSchema>;

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

/**
 * What the e-mail says about the notification's record, read when it is sent: a post's title and
 * excerpt, or undefined when the recipient may no longer read it (moved, hidden, gone).
 */
async function describe(
  services: JobServices,
  notification: NotificationRow,
  payload: NotificationEmailPayload,
  canView: (categoryID: number) => Promise<boolean>,
): Promise<Pick<NotificationMailInput, 'title' | 'excerpt'> | undefined> {
  const { db } = services;
  if (notification.recordType !== 'comment' && notification.recordType !== 'discussion') {
    return { title: payload.subjectName };
  }
  const post =
    notification.recordType === 'comment'
      ? await findNotifiedComment(db, notification.recordID)
      : await findNotifiedDiscussion(db, notification.recordID);
  if (!post || !(await canView(post.categoryID))) return undefined;
  return { title: post.discussionName, excerpt: excerptOf(post.bodyPlainText, 200) };
}

/**
 * Sends the e-mail of a notification in the recipient's language, with the post's title and an
 * excerpt. Skips (the job completes) when the row or address is gone, when the recipient no longer
 * holds `email.view` (api-contract §6: the e-mail column is honoured only for its holders) or may
 * no longer read the post, or when `emails.enabled` is off: all checked again when the e-mail is sent.
 */
export async function sendNotificationEmail(payload: NotificationEmailPayload, services: JobServices): Promise<void> {
  const { db } = services;
  if (!(await getSettings(db))['emails.enabled']) return;
  const notification = await findNotificationByID(db, payload.notificationID);
  if (!notification) return;
  const userID = notification.notifyUserID;
  const recipient = (await findMailableUsers(db, [userID])).get(userID);
  if (!recipient) return;
  const set = await loadPermissionSet(db, userID);
  if (!canReceiveEmail(set)) return;
  const canView = async (categoryID: number): Promise<boolean> => {
    const category = await findCategory(db, categoryID);
    return category !== undefined && canViewCategory(set, category);
  };
  const about = await describe(services, notification, payload, canView);
  if (!about) return;
  const activityType = notificationActivityTypes.find((type) => type === notification.activityType);
  const actorName = (notification.actorUserID === null ? undefined : await findUserName(db, notification.actorUserID)) ?? 'Someone';
  const t = translatorFor(await loadNotificationLanguage(db, userID));
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
}

registerJob(sendNotificationEmailJob, {
  schema: payloadSchema,
  handler: async (payload, run) => sendNotificationEmail(payload, run.services),
});
