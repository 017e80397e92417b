/**
 * Issue 16's targets inside `npm run bench`, written to the run copy only: the autosave
 * (`PATCH /api/v2/drafts/{id}`, each member saving their own draft, about 1 KB bodies) and how
 * long after its `dateScheduled` a due draft is published while 10,000 other scheduled drafts
 * (with their jobs) wait for later dates.
 */
import { withDatabase } from './run-database.ts';
import { hashToken } from '../server/src/features/tokens/token-hash.ts';
import { randomToken } from '../server/src/platform/secrets.ts';
import { insertJobs } from '../server/src/platform/jobs/jobs.repo.ts';
import { isoAfter, nowIso } from '../server/src/platform/dates.ts';
import { PUBLISH_SCHEDULED_DRAFT_JOB } from '../server/src/features/drafts/drafts.job-names.ts';
import type { SeedInfo } from './seed-data.ts';
import type { Target } from './seed.ts';

/** Scheduled drafts waiting for later dates while a due one is published (issue 16's target). */
export const WAITING_SCHEDULED_DRAFTS = 10_000;
const SAMPLES = 5;

export interface ScheduledPublishResult {
  waiting: number;
  /** From each due draft's `dateScheduled` until its draft is gone (published), ms. */
  delaysMs: number[];
  maxMs: number;
}

export interface DraftsRun {
  /** `/api/v2/drafts/{id}` of each member's draft, index for index with the members' tokens. */
  paths: string[];
  adminToken: string;
}

const PARAGRAPH = 'Autosaved words of a long reply, typed a little at a time. '.repeat(16);

/** Autosave bodies of about 1 KB (the comment box's attributes), rotated request by request. */
export function autosaveBodies(): string[] {
  return Array.from({ length: 32 }, (_, index) =>
    JSON.stringify({ attributes: { body: JSON.stringify([{ type: 'p', children: [{ text: `${PARAGRAPH}${index}` }] }]), format: 'rich2', draftType: 'comment' } }),
  );
}

/**
 * One comment draft per member (the autosave's targets), `WAITING_SCHEDULED_DRAFTS` scheduled
 * discussion drafts with their jobs a day ahead, an administrator's token (scheduling needs
 * `schedule.allow`) and a lead time of 0 so a draft can fall due seconds after it is scheduled.
 */
export async function prepareDrafts(run: Target, info: SeedInfo, waiting = WAITING_SCHEDULED_DRAFTS): Promise<DraftsRun> {
  return withDatabase(run, async ({ db, dialect }) => {
    const perInsert = Math.floor((dialect === 'postgres' ? 60_000 : 30_000) / 12);
    const now = nowIso();
    const admin = await db.selectFrom('users').select('userID').where('isAdmin', '=', dialect === 'postgres' ? true : 1).orderBy('userID').executeTakeFirstOrThrow();
    const paths: string[] = [];
    const base = { parentRecordType: 'discussion', updateUserID: null, dateInserted: now, dateUpdated: now, draftStatus: 'draft', dateScheduled: null, failedReason: null };
    for (let start = 0; start < info.memberIDs.length; start += perInsert) {
      const rows = info.memberIDs.slice(start, start + perInsert).map((userID, offset) => ({
        ...base,
        recordType: 'comment',
        recordID: null,
        parentRecordID: info.sinkDiscussionIDs[(start + offset) % info.sinkDiscussionIDs.length]!,
        attributes: JSON.stringify({ body: '[]', format: 'rich2', draftType: 'comment' }),
        insertUserID: userID,
      }));
      const inserted = await db.insertInto('drafts').values(rows).returning('draftID').execute();
      paths.push(...inserted.map((row) => `/api/v2/drafts/${String(row.draftID)}`));
    }
    const later = isoAfter(24 * 3600);
    for (let start = 0; start < waiting; start += perInsert) {
      const rows = Array.from({ length: Math.min(perInsert, waiting - start) }, (_, offset) => ({
        ...base,
        recordType: 'discussion',
        recordID: null,
        parentRecordType: 'category',
        parentRecordID: info.categoryID,
        attributes: JSON.stringify({ body: '[]', format: 'rich2', draftMeta: { name: `Later ${String(start + offset)}`, categoryID: info.categoryID, postTypeID: 'discussion' } }),
        insertUserID: admin.userID,
        draftStatus: 'scheduled',
        dateScheduled: later,
      }));
      const inserted = await db.insertInto('drafts').values(rows).returning('draftID').execute();
      await insertJobs(
        db,
        inserted.map((row) => ({ type: PUBLISH_SCHEDULED_DRAFT_JOB, payload: JSON.stringify({ draftID: row.draftID, dateScheduled: later }), runAt: later, maxAttempts: 5, now })),
      );
    }
    await db
      .insertInto('config')
      .values({ configKey: 'drafts.scheduling.minimumLeadSeconds', value: '0', dateUpdated: now })
      .onConflict((oc) => oc.column('configKey').doUpdateSet({ value: '0' }))
      .execute();
    const adminToken = `va.${randomToken(32)}`;
    await db
      .insertInto('accessTokens')
      .values({ userID: admin.userID, name: 'bench', tokenHash: hashToken(adminToken), dateInserted: now, dateExpires: isoAfter(6 * 3600) })
      .execute();
    return { paths, adminToken };
  });
}

/**
 * Schedules `SAMPLES` discussions 2 s ahead over HTTP, one after another, and measures how long
 * after `dateScheduled` each draft is gone (the job published it), reading `GET /drafts/{id}`.
 */
export async function measureScheduledPublishing(base: string, info: SeedInfo, adminToken: string, waiting = WAITING_SCHEDULED_DRAFTS): Promise<ScheduledPublishResult> {
  const headers = { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' };
  const delaysMs: number[] = [];
  for (let sample = 0; sample < SAMPLES; sample += 1) {
    const dateScheduled = new Date(Date.now() + 2000).toISOString();
    const response = await fetch(`${base}/api/v2/drafts`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        recordType: 'discussion',
        draftStatus: 'scheduled',
        dateScheduled,
        attributes: { body: JSON.stringify([{ type: 'p', children: [{ text: 'On time.' }] }]), format: 'rich2', draftMeta: { name: `Due now ${String(sample)}`, categoryID: info.categoryID, postTypeID: 'discussion' } },
      }),
    });
    if (response.status !== 201) throw new Error(`Scheduling a draft answered ${response.status}: ${await response.text()}`);
    const { draftID } = (await response.json()) as { draftID: number };
    const deadline = Date.now() + 60_000;
    for (;;) {
      const read = await fetch(`${base}/api/v2/drafts/${String(draftID)}`, { headers });
      if (read.status === 404) break;
      const draft = (await read.json()) as { draftStatus?: string };
      if (draft.draftStatus === 'error') throw new Error(`Draft ${String(draftID)} failed to publish`);
      if (Date.now() > deadline) throw new Error(`Draft ${String(draftID)} was not published within 60 s`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    delaysMs.push(Date.now() - Date.parse(dateScheduled));
  }
  return { waiting, delaysMs, maxMs: Math.max(...delaysMs) };
}
