import { z } from 'zod';
import { loadPermissionSet } from '../../permissions/permission-set.ts';
import { excerptOf } from '../../platform/content/render.ts';
import { translatorFor } from '../../platform/i18n.ts';
import { enqueueJobOnce } from '../../platform/jobs/enqueue.ts';
import { registerJob, type JobServices } from '../../platform/jobs/registry.ts';
import { registerRecurringJob } from '../../platform/jobs/schedules.ts';
import { findCategory } from '../categories/categories.lookup.ts';
import { canViewCategory } from '../categories/categories.policy.ts';
import { getSettings } from '../config/config.service.ts';
import { discussionUrl } from '../discussions/discussions.present.ts';
import { canReceiveEmail } from '../notification-preferences/notification-preferences.policy.ts';
import { loadEffectivePreferences, loadNotificationLanguage } from '../notification-preferences/notification-preferences.values.ts';
import { findCategoryFollowersPage, findDigestDiscussions, findFollowedCategoriesOf } from './notifications.digest.repo.ts';
import { digestMail, type DigestItem } from './notifications.mail.templates.ts';
import { notificationPreferencesPath, unsubscribeUrl } from './notifications.mail.ts';
import { findMailableUsers } from './notifications.recipients.repo.ts';

// The e-mail digest (issue 13, spec 000 §3 DigestEnabled, api-contract §7 preferences.email.digest):
// Vanilla's schedule, weekly on Mondays at 09:00 (Garden.Digest.DayOfWeek 1, ScheduleTime 09:00),
// here in UTC, or daily at 09:00 (`emails.digestFrequency`).

/** The recurring job that, when the digest is due, queues one digest e-mail per candidate member. */
export const SEND_DIGESTS_JOB = 'sendDigests';
/** The job that writes and sends one member's digest. */
export const SEND_DIGEST_EMAIL_JOB = 'sendDigestEmail';

const DIGEST_HOUR_UTC = 9;
/** ISO day of the week of the weekly digest (Monday, Vanilla's default). */
const WEEKLY_DAY = 1;
const DAY_MS = 24 * 60 * 60_000;
/** Members read per page when the digests are queued. */
export const DIGEST_MEMBERS_PER_PAGE = 500;
/** Discussions listed in one digest at most. */
export const DIGEST_MAX_DISCUSSIONS = 20;

/** The first 09:00 UTC strictly after `afterMs`: the digest job looks every day. */
export function nextDigestRun(afterMs: number): number {
  const day = new Date(afterMs);
  const candidate = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), DIGEST_HOUR_UTC);
  return candidate > afterMs ? candidate : candidate + DAY_MS;
}

const digestPayloadSchema = z.object({
  userID: z.number().int(),
  /** The period the digest covers: discussions started in `[since, until)`. */
  since: z.iso.datetime(),
  until: z.iso.datetime(),
});
type DigestPayload = z.infer<typeof digestPayloadSchema>;

/**
 * The run planned for `scheduledFor`: when the digest is on and due that day (daily, or Monday for
 * weekly), queues a digest e-mail for every member who follows a category, once per member and
 * period (a run retried after a crash queues nothing twice). Who gets one is decided per member
 * when it is written.
 */
export async function queueDigests(scheduledFor: Date, services: JobServices): Promise<number> {
  const { db, clock } = services;
  const settings = await getSettings(db);
  if (!settings['emails.enabled'] || !settings['emails.digest']) return 0;
  const weekly = settings['emails.digestFrequency'] === 'weekly';
  const isoDay = scheduledFor.getUTCDay() === 0 ? 7 : scheduledFor.getUTCDay();
  if (weekly && isoDay !== WEEKLY_DAY) return 0;
  const until = scheduledFor.toISOString();
  const since = new Date(scheduledFor.getTime() - (weekly ? 7 : 1) * DAY_MS).toISOString();
  let queued = 0;
  for (let afterUserID = 0; ; ) {
    const userIDs = await findCategoryFollowersPage(db, afterUserID, DIGEST_MEMBERS_PER_PAGE);
    for (const userID of userIDs) {
      const key = `digest:${String(userID)}:${until}`;
      if ((await enqueueJobOnce(db, SEND_DIGEST_EMAIL_JOB, { userID, since, until }, key, { clock })) !== undefined) queued += 1;
    }
    const last = userIDs[userIDs.length - 1];
    if (last === undefined || userIDs.length < DIGEST_MEMBERS_PER_PAGE) return queued;
    afterUserID = last;
  }
}

/** The followed categories a member asked to see in the digest and may read now. */
async function digestCategories(services: JobServices, userID: number, set: Awaited<ReturnType<typeof loadPermissionSet>>): Promise<Map<number, string>> {
  const result = new Map<number, string>();
  for (const row of await findFollowedCategoriesOf(services.db, userID)) {
    let preferences: Record<string, unknown> = {};
    try {
      preferences = JSON.parse(row.preferences) as Record<string, unknown>;
    } catch {
      continue;
    }
    if (preferences['preferences.email.digest'] !== true) continue;
    const category = await findCategory(services.db, row.categoryID);
    if (category && canViewCategory(set, category)) result.set(category.categoryID, category.name);
  }
  return result;
}

/**
 * Writes and sends one member's digest: the new discussions of the followed categories they put in
 * the digest, in their language, with a one-click unsubscribe (RFC 8058) that turns `DigestEnabled`
 * off. Everything is checked when it is sent: the site settings, a confirmed address, `email.view`,
 * the member's `DigestEnabled` e-mail preference and each category's view permission. Sends
 * nothing when there is nothing new.
 * @returns whether an e-mail was sent.
 */
export async function sendDigestEmail(payload: DigestPayload, services: JobServices): Promise<boolean> {
  const { db, config } = services;
  const settings = await getSettings(db);
  if (!settings['emails.enabled'] || !settings['emails.digest']) return false;
  const recipient = (await findMailableUsers(db, [payload.userID])).get(payload.userID);
  if (!recipient) return false;
  const set = await loadPermissionSet(db, payload.userID);
  if (!canReceiveEmail(set)) return false;
  if (!(await loadEffectivePreferences(db, [payload.userID])).get(payload.userID)?.DigestEnabled.email) return false;
  const categories = await digestCategories(services, payload.userID, set);
  const discussions = await findDigestDiscussions(db, {
    categoryIDs: [...categories.keys()],
    since: payload.since,
    until: payload.until,
    excludeUserID: payload.userID,
    limit: DIGEST_MAX_DISCUSSIONS,
  });
  if (discussions.length === 0) return false;
  const items: DigestItem[] = discussions.map((discussion) => ({
    title: discussion.name,
    url: discussionUrl(config.baseUrl, discussion.discussionID, discussion.name),
    categoryName: categories.get(discussion.categoryID) ?? '',
    excerpt: excerptOf(discussion.bodyPlainText, 200),
  }));
  const t = translatorFor(await loadNotificationLanguage(db, payload.userID));
  const message = digestMail(t, { siteName: settings['garden.title'], items }, {
    url: `${config.baseUrl}/`,
    preferencesUrl: `${config.baseUrl}${notificationPreferencesPath}`,
    unsubscribeUrl: unsubscribeUrl(services, { userID: payload.userID, activityType: 'DigestEnabled', categoryID: null }),
  });
  await services.mailer.send({ to: recipient.email, ...message });
  return true;
}

registerRecurringJob({
  type: SEND_DIGESTS_JOB,
  nextRunAfter: nextDigestRun,
  run: async (scheduledFor, run) => {
    await queueDigests(scheduledFor, run.services);
  },
});

registerJob(SEND_DIGEST_EMAIL_JOB, {
  schema: digestPayloadSchema,
  handler: async (payload, run) => {
    await sendDigestEmail(payload, run.services);
  },
});
