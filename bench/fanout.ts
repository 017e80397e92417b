/**
 * Notification fan-out (issue 13's target, issue 18's bench): a category with 10,000 followers
 * (the run's members and added users, each following with popup and e-mail for comments), one
 * comment posted over HTTP, and the time until the job worker has delivered every notification
 * (and, separately, sent every e-mail). Written to the run copy only.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Insertable } from 'kysely';
import { type DatabaseHandle } from '../server/src/platform/db/db.ts';
import { withDatabase } from './run-database.ts';
import type { Database } from '../server/src/platform/db/schema.ts';
import { nowIso } from '../server/src/platform/dates.ts';
import { cpuSpentMs, cpuTicks, databaseBackends, serverProcesses } from './measure.ts';
import type { SeedInfo } from './seed-data.ts';
import type { Target } from './seed.ts';

export interface FanOutResult {
  followers: number;
  /** Notifications written for the comment (the author is not notified). */
  delivered: number;
  /** From the comment's answer to the last notification's insert. */
  deliveredSeconds: number;
  emails: number;
  /** From the comment's answer until no e-mail job is left (null when it took longer than the wait). */
  emailedSeconds: number | null;
  /** CPU of the server (and PostgreSQL's backends) until the last notification, ms. */
  serverCpuMs: number;
  databaseCpuMs: number | null;
}

const FOLLOW_PREFERENCES = JSON.stringify({ 'preferences.popup.comments': true, 'preferences.email.comments': true });

/** Adds users (member role, confirmed e-mail) until `followers` users follow the bench category. */
export async function prepareFanOut(run: Target, info: SeedInfo, followers: number): Promise<number[]> {
  return withDatabase(run, async ({ db, dialect }) => {
    const isPg = dialect === 'postgres';
    const bool = (value: boolean): boolean | number => (isPg ? value : value ? 1 : 0);
    const perInsert = (columns: number) => Math.floor((isPg ? 60_000 : 30_000) / columns);
    const memberRole = await db.selectFrom('roles').select('roleID').where('type', '=', 'member').orderBy('roleID').executeTakeFirstOrThrow();
    const password = (await db.selectFrom('users').select('password').where('userID', '=', info.memberIDs[0]!).executeTakeFirstOrThrow()).password;
    const now = nowIso();
    const added: Insertable<Database['users']>[] = Array.from({ length: Math.max(0, followers - info.memberIDs.length) }, (_, index) => ({
      name: `follower${String(index + 1)}`,
      email: `follower${String(index + 1)}@example.test`,
      password,
      emailConfirmed: bool(true),
      dateInserted: now,
    }));
    const userIDs = [...info.memberIDs];
    await db.transaction().execute(async (trx) => {
      for (let start = 0; start < added.length; start += perInsert(5)) {
        const rows = await trx.insertInto('users').values(added.slice(start, start + perInsert(5))).returning('userID').execute();
        userIDs.push(...rows.map((row) => row.userID));
      }
      const newIDs = userIDs.slice(info.memberIDs.length);
      for (let start = 0; start < newIDs.length; start += perInsert(2)) {
        await trx.insertInto('userRoles').values(newIDs.slice(start, start + perInsert(2)).map((userID) => ({ userID, roleID: memberRole.roleID }))).execute();
      }
      const follows = userIDs.map((userID) => ({ userID, categoryID: info.categoryID, followed: bool(true), dateFollowed: now, preferences: FOLLOW_PREFERENCES }));
      for (let start = 0; start < follows.length; start += perInsert(5)) {
        await trx
          .insertInto('userCategories')
          .values(follows.slice(start, start + perInsert(5)))
          .onConflict((oc) => oc.columns(['userID', 'categoryID']).doUpdateSet({ followed: bool(true), preferences: FOLLOW_PREFERENCES }))
          .execute();
      }
    });
    return userIDs;
  });
}

async function pendingJobs(database: DatabaseHandle, type: string): Promise<number> {
  const row = await database.db
    .selectFrom('jobs')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('type', '=', type)
    .where('status', 'in', ['queued', 'running', 'failed'])
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Posts one comment in the followed category as `token`'s member and polls the jobs table (every
 * 50 ms) until no delivery step is left: the notifications' time (the target: within 5 s of the
 * comment's answer); then until no e-mail job is left (up to `mailWaitSeconds`).
 */
export async function measureFanOut(base: string, run: Target, info: SeedInfo, token: string, serverPid: number, followers: number, mailWaitSeconds = 180): Promise<FanOutResult> {
  return withDatabase(run, async (database) => {
    const { db, dialect } = database;
    const discussion = await db
      .selectFrom('discussions')
      .select('discussionID')
      .where('categoryID', '=', info.categoryID)
      .where('closed', '=', dialect === 'postgres' ? false : 0)
      .orderBy('discussionID')
      .executeTakeFirstOrThrow();
    const serverBefore = cpuTicks(serverProcesses(serverPid));
    const databaseBefore = cpuTicks(await databaseBackends(run));
    const response = await fetch(`${base}/api/v2/comments`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ discussionID: discussion.discussionID, format: 'markdown', body: 'A comment ten thousand followers hear about.' }),
    });
    if (response.status !== 201) throw new Error(`The fan-out comment answered ${response.status}: ${await response.text()}`);
    const { commentID } = (await response.json()) as { commentID: number };
    const answered = performance.now();
    const deadline = answered + mailWaitSeconds * 1000;
    // The first step is queued by a subscriber just after the answer: wait until it exists.
    while ((await pendingJobs(database, 'deliverNotifications')) === 0 && performance.now() < answered + 2000) await pause(10);
    while ((await pendingJobs(database, 'deliverNotifications')) > 0 && performance.now() < deadline) await pause(50);
    const deliveredSeconds = (performance.now() - answered) / 1000;
    const serverCpuMs = cpuSpentMs(serverBefore, cpuTicks(serverProcesses(serverPid)));
    const databaseCpuMs = run.databaseUrl ? cpuSpentMs(databaseBefore, cpuTicks(await databaseBackends(run))) : null;
    const delivered = await db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('recordType', '=', 'comment')
      .where('recordID', '=', commentID)
      .executeTakeFirstOrThrow();
    let emailedSeconds: number | null = null;
    while (performance.now() < deadline) {
      if ((await pendingJobs(database, 'sendNotificationEmails')) === 0) {
        emailedSeconds = (performance.now() - answered) / 1000;
        break;
      }
      await pause(200);
    }
    // E-mails go out in batches (one job per 50): the notifications' ledger counts them.
    const emails = await db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('recordType', '=', 'comment')
      .where('recordID', '=', commentID)
      .where('dateEmailed', 'is not', null)
      .executeTakeFirstOrThrow();
    return {
      followers,
      delivered: Number(delivered.count),
      deliveredSeconds: Math.round(deliveredSeconds * 100) / 100,
      emails: Number(emails.count),
      emailedSeconds: emailedSeconds === null ? null : Math.round(emailedSeconds * 10) / 10,
      serverCpuMs,
      databaseCpuMs,
    };
  });
}

/** Removes the e-mails the fan-out wrote to the outbox (after the server stopped). */
export function removeOutbox(run: Target): void {
  fs.rmSync(path.join(run.dataDir, 'outbox'), { recursive: true, force: true, maxRetries: 3 });
}

/** Ends the follows (so comment creation afterwards notifies no one extra). */
export async function endFanOut(run: Target, info: SeedInfo): Promise<void> {
  await withDatabase(run, async ({ db }) => {
    await db.deleteFrom('userCategories').where('categoryID', '=', info.categoryID).execute();
  });
}

/**
 * Gives each member `perMember` notifications of recent comments (the `GET /notifications` row
 * reads a full first page), each its own batch.
 */
export async function addMemberNotifications(run: Target, memberIDs: readonly number[], perMember: number): Promise<void> {
  await withDatabase(run, async ({ db, dialect }) => {
    const isPg = dialect === 'postgres';
    const comments = await db.selectFrom('comments').select(['commentID', 'discussionID', 'insertUserID']).orderBy('commentID', 'desc').limit(perMember).execute();
    const now = nowIso();
    const rows: Insertable<Database['notifications']>[] = memberIDs.flatMap((notifyUserID) =>
      comments.map((comment) => ({
        notifyUserID,
        activityType: 'Participated',
        reason: 'You took part in this discussion.',
        recordType: 'comment',
        recordID: comment.commentID,
        discussionID: comment.discussionID,
        actorUserID: comment.insertUserID,
        body: '<strong>A member</strong> commented on <strong>a discussion</strong> you took part in.',
        url: `/discussion/comment/${String(comment.commentID)}#Comment_${String(comment.commentID)}`,
        popup: isPg ? true : 1,
        batchKey: `bench:${String(comment.commentID)}`,
        dedupeKey: `bench:comment:${String(comment.commentID)}`,
        dateInserted: now,
        dateUpdated: now,
      })),
    );
    const per = Math.floor((isPg ? 60_000 : 30_000) / 14);
    await db.transaction().execute(async (trx) => {
      for (let start = 0; start < rows.length; start += per) {
        await trx.insertInto('notifications').values(rows.slice(start, start + per)).onConflict((oc) => oc.doNothing()).execute();
      }
    });
  });
}
