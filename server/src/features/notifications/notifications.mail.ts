import { z } from 'zod';
import { registerJob, type JobServices } from '../../platform/jobs/registry.ts';
import { notificationActivityTypes } from '../../../../common/src/api/notifications.ts';
import { escapeHtml } from '../../platform/content/escape.ts';
import { findNotificationByID, findNotificationDiscussions, type NotificationRow } from './notifications.repo.ts';
import { unsubscribeToken } from './notifications.unsubscribe.ts';
import { findMailableUsers } from './notifications.recipients.repo.ts';

/** The job that e-mails one notification to its recipient (platform/mail.ts). */
export const sendNotificationEmailJob = 'sendNotificationEmail';

const payloadSchema = z.object({ notificationID: z.number().int() });

function htmlToText(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

/** Where the preferences page lives (web `notificationPreferencesPath()`). */
const notificationPreferencesPath = '/profile/preferences';

/** The one-click unsubscribe URL of a notification's e-mail: its followed category's key, or its activity. */
async function unsubscribeUrlOf(services: JobServices, notification: NotificationRow): Promise<string> {
  const activityType = notificationActivityTypes.find((type) => type === notification.activityType) ?? 'Mention';
  let categoryID: number | null = null;
  if ((activityType === 'NewComment' || activityType === 'NewDiscussion') && notification.discussionID !== null) {
    categoryID = (await findNotificationDiscussions(services.db, [notification.discussionID])).get(notification.discussionID)?.categoryID ?? null;
  }
  const token = unsubscribeToken(services.secret, { userID: notification.notifyUserID, activityType, categoryID });
  return `${services.config.baseUrl}/api/v2/notifications/unsubscribe/${token}`;
}

/** Sends the e-mail of a notification; skips (logged by the worker as done) when the row or address is gone. */
export async function sendNotificationEmail(notificationID: number, services: JobServices): Promise<void> {
  const notification = await findNotificationByID(services.db, notificationID);
  if (!notification) return;
  const recipient = (await findMailableUsers(services.db, [notification.notifyUserID])).get(notification.notifyUserID);
  if (!recipient) return;
  const url = `${services.config.baseUrl}${notification.url}`;
  const text = htmlToText(notification.body);
  const unsubscribeUrl = await unsubscribeUrlOf(services, notification);
  const preferencesUrl = `${services.config.baseUrl}${notificationPreferencesPath}`;
  await services.mailer.send({
    to: recipient.email,
    subject: text,
    text: `${text}\n\n${url}\n\nChange your notification preferences: ${preferencesUrl}\n`,
    html:
      `<p>${notification.body}</p><p><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p>` +
      `<p><a href="${escapeHtml(preferencesUrl)}">Change your notification preferences</a></p>`,
    // RFC 8058: mail clients offer one-click unsubscribe, POSTing to the signed link.
    headers: { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  });
}

registerJob(sendNotificationEmailJob, {
  schema: payloadSchema,
  handler: async (payload, run) => sendNotificationEmail(payload.notificationID, run.services),
});
