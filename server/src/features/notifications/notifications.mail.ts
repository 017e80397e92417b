import { z } from 'zod';
import { registerJob, type JobServices } from '../../platform/jobs/registry.ts';
import { findNotificationByID } from './notifications.repo.ts';
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

/** Sends the e-mail of a notification; skips (logged by the worker as done) when the row or address is gone. */
export async function sendNotificationEmail(notificationID: number, services: JobServices): Promise<void> {
  const notification = await findNotificationByID(services.db, notificationID);
  if (!notification) return;
  const recipient = (await findMailableUsers(services.db, [notification.notifyUserID])).get(notification.notifyUserID);
  if (!recipient) return;
  const url = `${services.config.baseUrl}${notification.url}`;
  const text = htmlToText(notification.body);
  await services.mailer.send({
    to: recipient.email,
    subject: text,
    text: `${text}\n\n${url}\n`,
    html: `<p>${notification.body}</p><p><a href="${url.replace(/"/g, '&quot;')}">${url.replace(/</g, '&lt;')}</a></p>`,
  });
}

registerJob(sendNotificationEmailJob, {
  schema: payloadSchema,
  handler: async (payload, run) => sendNotificationEmail(payload.notificationID, run.services),
});
