import { z } from 'zod';
import type { NotificationActivityType } from '../../../../common/src/api/notifications.ts';
import { loadPermissionSetsOf } from '../../permissions/permission-set.ts';
import { nowIso } from '../../platform/dates.ts';
import type { Db } from '../../platform/db/db.ts';
import { enqueueJob, enqueueJobs } from '../../platform/jobs/enqueue.ts';
import { registerJob, type JobServices } from '../../platform/jobs/registry.ts';
import { findCategory } from '../categories/categories.lookup.ts';
import { canViewCategory } from '../categories/categories.policy.ts';
import { commentUrl, discussionUrl } from '../discussions/discussions.present.ts';
import { canReceiveEmail } from '../notification-preferences/notification-preferences.policy.ts';
import { loadEffectivePreferences } from '../notification-preferences/notification-preferences.values.ts';
import { withoutIgnorers } from '../user-ignores/user-ignores.service.ts';
import { announceNotifications } from './notifications.announce.ts';
import { notificationEmailBatches, sendNotificationEmailsJob } from './notifications.mail.ts';
import { insertNotificationsOnce } from './notifications.repo.ts';
import { batchKeyOf, mentionedNames, notificationBody, REASONS, SPECIFICITY } from './notifications.reasons.ts';
import {
  findCommentAuthor,
  findCommenters,
  findDiscussionWatchers,
  findFollowersPage,
  findMailableUsers,
  findNotifiedComment,
  findNotifiedDiscussion,
  findReactionType,
  findUserIDsByNames,
  findUserName,
  type NotifiedPost,
} from './notifications.recipients.repo.ts';

/** The job that works out who an event notifies and delivers to them, one page at a time. */
export const DELIVER_NOTIFICATIONS_JOB = 'deliverNotifications';

/** Followers per page: each page is one transaction (its notifications, their e-mail jobs). */
export const FOLLOWERS_PER_PAGE = 500;

/**
 * How long a followers step keeps taking pages before it hands the rest to a next step. One step
 * delivers a 10,000-follower category (20 pages, about a second) while the e-mails of its first
 * pages are already being sent: a step per page waited behind the previous page's 500 e-mail jobs
 * (workers claim oldest first), 28 s for 10,000 followers (docs/performance.md).
 */
export const FOLLOWERS_STEP_BUDGET_MS = 10_000;

export const deliverPayloadSchema = z.object({
  event: z.enum(['comment', 'discussion', 'reaction']),
  /** The comment or discussion (for a reaction: the reacted record). */
  recordType: z.enum(['comment', 'discussion']),
  recordID: z.number().int(),
  actorUserID: z.number().int(),
  reactionType: z.string().optional(),
  /** `targeted` (mentions, replies, bookmarks, participants, authors) first, then pages of followers. */
  phase: z.enum(['targeted', 'followers']),
  afterUserID: z.number().int().default(0),
});
export type DeliverPayload = z.infer<typeof deliverPayloadSchema>;

/** One way a candidate may be notified, with the methods their preferences allow. */
interface Option {
  activityType: NotificationActivityType;
  popup: boolean;
  email: boolean;
}

interface Subject {
  post: NotifiedPost;
  category: { categoryID: number; permissionCategoryID: number };
  actorName: string;
  reactionName?: string | undefined;
}

async function loadSubject(db: Db, payload: DeliverPayload): Promise<Subject | undefined> {
  const post =
    payload.recordType === 'comment'
      ? await findNotifiedComment(db, payload.recordID)
      : await findNotifiedDiscussion(db, payload.recordID);
  if (!post) return undefined;
  const category = await findCategory(db, post.categoryID);
  if (!category) return undefined;
  let reactionName: string | undefined;
  if (payload.event === 'reaction') {
    const type = await findReactionType(db, payload.reactionType ?? '');
    // Flags (Spam, Abuse) are for moderators: the author is not told.
    if (!type || type.class === 'Flag') return undefined;
    reactionName = type.name;
  }
  const actorName = (await findUserName(db, payload.actorUserID)) ?? 'Someone';
  return { post, category, actorName, reactionName };
}

/** Targeted candidates: each user's reasons, most specific first, with their own preferences. */
async function targetedCandidates(db: Db, payload: DeliverPayload, subject: Subject): Promise<Map<number, NotificationActivityType[]>> {
  const reasons = new Map<number, NotificationActivityType[]>();
  const add = (userIDs: readonly number[], reason: NotificationActivityType): void => {
    for (const userID of userIDs) {
      const list = reasons.get(userID) ?? [];
      if (!list.includes(reason)) list.push(reason);
      reasons.set(userID, list);
    }
  };
  const { post } = subject;
  if (payload.event === 'reaction') {
    add([post.insertUserID], 'Reaction');
    return reasons;
  }
  // Issue 13: a mention by someone the member ignores does not notify them.
  const mentioned = await findUserIDsByNames(db, mentionedNames(post.bodyHtml));
  add(await withoutIgnorers(db, payload.actorUserID, mentioned), 'Mention');
  if (payload.event === 'comment') {
    const comment = post as NotifiedPost & { parentCommentID?: number | null };
    if (comment.parentCommentID) {
      const parentAuthor = await findCommentAuthor(db, comment.parentCommentID);
      if (parentAuthor !== undefined) add([parentAuthor], 'CommentReply');
    }
    const watchers = await findDiscussionWatchers(db, post.discussionID);
    add(watchers.bookmarked, 'BookmarkComment');
    add([...watchers.participated, ...(await findCommenters(db, post.discussionID))], 'Participated');
    for (const userID of watchers.muted) reasons.delete(userID);
  }
  for (const list of reasons.values()) list.sort((a, b) => SPECIFICITY.indexOf(a) - SPECIFICITY.indexOf(b));
  return reasons;
}

interface Delivery {
  userID: number;
  option: Option;
  emailTo: boolean;
}

/**
 * Picks, per candidate, the most specific option their preferences accept, for users who may view
 * the record now (spec: never about content the recipient cannot see, checked when delivered).
 */
async function chooseDeliveries(db: Db, subject: Subject, candidates: Map<number, Option[]>, actorUserID: number): Promise<Delivery[]> {
  const userIDs = [...candidates.keys()].filter((id) => id > 0 && id !== actorUserID);
  // One statement for the page's subjects and roles; a set per distinct role set, not per user.
  const sets = await loadPermissionSetsOf(db, userIDs);
  const mailable = await findMailableUsers(db, userIDs);
  const deliveries: Delivery[] = [];
  for (const userID of userIDs) {
    const set = sets.get(userID);
    if (!set || !canViewCategory(set, subject.category)) continue;
    const canEmail = mailable.has(userID) && canReceiveEmail(set);
    const option = (candidates.get(userID) ?? []).find((item) => item.popup || (item.email && canEmail));
    if (option) deliveries.push({ userID, option, emailTo: option.email && canEmail });
  }
  return deliveries;
}

async function writeDeliveries(
  trx: Db,
  payload: DeliverPayload,
  subject: Subject,
  deliveries: Delivery[],
  now: string,
  clock: () => number,
): Promise<number[]> {
  const { post } = subject;
  const url =
    post.commentID !== undefined ? commentUrl('', post.commentID) : discussionUrl('', post.discussionID, post.discussionName);
  const record = { recordType: payload.recordType, recordID: payload.recordID, discussionID: post.discussionID };
  const dedupeKey =
    payload.event === 'reaction'
      ? `reaction:${payload.recordType}:${String(payload.recordID)}:${String(payload.actorUserID)}`
      : `${payload.recordType}:${String(payload.recordID)}`;
  const inserted = await insertNotificationsOnce(
    trx,
    deliveries.map(({ userID, option }) => ({
      notifyUserID: userID,
      activityType: option.activityType,
      reason: REASONS[option.activityType],
      ...record,
      actorUserID: payload.actorUserID,
      body: notificationBody(option.activityType, subject.actorName, post.discussionName, subject.reactionName),
      url,
      popup: option.popup,
      batchKey: batchKeyOf(option.activityType, record),
      dedupeKey,
      dateInserted: now,
      dateUpdated: now,
    })),
  );
  const mailed: number[] = [];
  for (const { userID, emailTo } of deliveries) {
    const notificationID = inserted.get(userID);
    if (notificationID !== undefined && emailTo) mailed.push(notificationID);
  }
  const batches = notificationEmailBatches(mailed, { reactionName: subject.reactionName });
  await enqueueJobs(trx, sendNotificationEmailsJob, batches, { clock });
  // Recipients of new in-app notifications: live streams announce them once this commits.
  return deliveries.filter(({ userID, option }) => option.popup && inserted.has(userID)).map(({ userID }) => userID);
}

/** The follower options of a category follow (api-contract §7's category preferences). */
function followerOption(event: DeliverPayload['event'], preferencesJson: string): Option | undefined {
  let preferences: Record<string, unknown> = {};
  try {
    preferences = JSON.parse(preferencesJson) as Record<string, unknown>;
  } catch {
    return undefined;
  }
  const kind = event === 'comment' ? 'comments' : 'posts';
  const popup = preferences[`preferences.popup.${kind}`] === true;
  const email = preferences[`preferences.email.${kind}`] === true;
  if (!popup && !email) return undefined;
  return { activityType: event === 'comment' ? 'NewComment' : 'NewDiscussion', popup, email };
}

/** Candidates of a targeted step: mentions, replies, bookmarks, participants, authors. */
async function targetedOptions(db: Db, payload: DeliverPayload, subject: Subject): Promise<Map<number, Option[]>> {
  const candidates = new Map<number, Option[]>();
  const reasons = await targetedCandidates(db, payload, subject);
  const preferences = await loadEffectivePreferences(db, [...reasons.keys()]);
  for (const [userID, list] of reasons) {
    const values = preferences.get(userID);
    if (values) candidates.set(userID, list.map((activityType) => ({ activityType, ...values[activityType] })));
  }
  return candidates;
}

/**
 * Runs one step of an event's delivery (the job's handler). A followers step takes pages of
 * followers, one transaction each, until none are left or `budgetMs` has passed; then the page's
 * transaction also enqueues the next step (a retried step repeats nothing it committed: rows are
 * inserted once per recipient and event, e-mails only for new rows).
 */
export async function deliverNotifications(
  payload: DeliverPayload,
  services: JobServices,
  budgetMs = FOLLOWERS_STEP_BUDGET_MS,
): Promise<void> {
  const { db, clock } = services;
  const subject = await loadSubject(db, payload);
  if (!subject) return;
  if (payload.phase === 'targeted') {
    // Followers get their own steps, queued only when the category has any.
    const hasFollowers =
      payload.event !== 'reaction' && (await findFollowersPage(db, subject.post.categoryID, 0, 1)).length > 0;
    const deliveries = await chooseDeliveries(db, subject, await targetedOptions(db, payload, subject), payload.actorUserID);
    const now = nowIso(clock);
    const shown = await db.transaction().execute(async (trx) => {
      if (hasFollowers) await enqueueJob(trx, DELIVER_NOTIFICATIONS_JOB, { ...payload, phase: 'followers', afterUserID: 0 }, { clock });
      return writeDeliveries(trx, payload, subject, deliveries, now, clock);
    });
    announceNotifications(services.events, shown);
    return;
  }
  // The budget is work time, not the site's clock (which tests hold still).
  const started = performance.now();
  const muted = payload.event === 'comment' ? (await findDiscussionWatchers(db, subject.post.discussionID)).muted : new Set<number>();
  for (let afterUserID = payload.afterUserID; ; ) {
    const page = await findFollowersPage(db, subject.post.categoryID, afterUserID, FOLLOWERS_PER_PAGE);
    const candidates = new Map<number, Option[]>();
    for (const row of page) {
      const option = followerOption(payload.event, row.preferences);
      if (option && !muted.has(row.userID)) candidates.set(row.userID, [option]);
    }
    const nextPage = page.length === FOLLOWERS_PER_PAGE ? page[page.length - 1]?.userID : undefined;
    const deliveries = await chooseDeliveries(db, subject, candidates, payload.actorUserID);
    const handOver = nextPage !== undefined && performance.now() - started >= budgetMs;
    const now = nowIso(clock);
    const shown = await db.transaction().execute(async (trx) => {
      // Enqueued before the page's e-mails: workers claim oldest first.
      if (handOver) await enqueueJob(trx, DELIVER_NOTIFICATIONS_JOB, { ...payload, afterUserID: nextPage }, { clock });
      return writeDeliveries(trx, payload, subject, deliveries, now, clock);
    });
    // Live streams (features/live) learn who has new notifications once the page commits.
    announceNotifications(services.events, shown);
    if (nextPage === undefined || handOver) return;
    afterUserID = nextPage;
  }
}

registerJob(DELIVER_NOTIFICATIONS_JOB, {
  schema: deliverPayloadSchema,
  handler: async (payload, run) => deliverNotifications(payload, run.services),
});
