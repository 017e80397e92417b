/**
 * Issue 17's targets inside `npm run bench`, written to the run copy only: the moderators' reports
 * list and approval queue with `OPEN_REPORTS` open (`new`) reports spread over the categories, and
 * what keeping revisions adds to a discussion edit (`PATCH /discussions/{id}` body edits that write
 * the replaced version to the change log, against the same edits that write none).
 */
import { sql } from 'kysely';
import { withDatabase } from './run-database.ts';
import { hashToken } from '../server/src/features/tokens/token-hash.ts';
import { randomToken } from '../server/src/platform/secrets.ts';
import { isoAfter, nowIso } from '../server/src/platform/dates.ts';
import { rebuildReportCounts } from '../server/src/features/reports/reports.counters.repo.ts';
import { runLoad, type EndpointResult } from './measure.ts';
import type { Target } from './seed.ts';

/** Open reports of issue 17's target. */
export const OPEN_REPORTS = 100_000;
/** One report in ten is a premoderation queue entry (`approval-required`). */
const QUEUE_SHARE = 10;
const USER_REASONS = ['spam', 'abuse', 'inappropriate', 'deceptive-misleading', 'rule-breaking'] as const;
/** Bearer tokens of the moderator (rotated per request) and discussions the edit runs change. */
const EDIT_TARGETS = 200;

export interface ReportsRun {
  moderatorTokens: string[];
  /** `/api/v2/discussions/{id}` the edit runs change, index for index with the tokens. */
  editPaths: string[];
  /** Open reports written and the seconds it took. */
  reports: number;
  queueEntries: number;
  seedSeconds: number;
}

/**
 * `count` open reports: every discussion and comment of the seed reported in turn (each by a
 * member of the seed), one in `QUEUE_SHARE` an `approval-required` queue entry; a moderator's
 * tokens; and `EDIT_TARGETS` discussions whose body is set to the no-revision run's text.
 */
export async function prepareReports(run: Target, memberIDs: readonly number[], count = OPEN_REPORTS): Promise<ReportsRun> {
  return withDatabase(run, async ({ db, dialect }) => {
    const started = performance.now();
    const isPg = dialect === 'postgres';
    const bool = (value: boolean) => (isPg ? value : value ? 1 : 0) as boolean;
    const discussions = await db
      .selectFrom('discussions')
      .select(['discussionID', 'categoryID', 'name', 'bodyHtml', 'format', 'insertUserID', 'dateInserted'])
      .orderBy('discussionID')
      .limit(Math.ceil(count / 2))
      .execute();
    const comments = await db
      .selectFrom('comments')
      .innerJoin('discussions', 'discussions.discussionID', 'comments.discussionID')
      .select(['comments.commentID', 'discussions.categoryID', 'discussions.name', 'comments.bodyHtml', 'comments.format', 'comments.insertUserID', 'comments.dateInserted'])
      .orderBy('comments.commentID')
      .limit(Math.ceil(count / 2))
      .execute();
    const now = Date.now();
    const perInsert = Math.floor((isPg ? 60_000 : 30_000) / 24);
    let queueEntries = 0;
    for (let start = 0; start < count; start += perInsert) {
      const size = Math.min(perInsert, count - start);
      const reasons: string[] = [];
      const rows = Array.from({ length: size }, (_, offset) => {
        const index = start + offset;
        const queued = index % QUEUE_SHARE === QUEUE_SHARE - 1;
        if (queued) queueEntries += 1;
        reasons.push(queued ? 'approval-required' : USER_REASONS[index % USER_REASONS.length]!);
        const record =
          index % 2 === 0
            ? (() => {
                const row = discussions[(index / 2) % discussions.length]!;
                return { recordType: 'discussion' as const, recordID: row.discussionID, ...row };
              })()
            : (() => {
                const row = comments[((index - 1) / 2) % comments.length]!;
                return { recordType: 'comment' as const, recordID: row.commentID, ...row };
              })();
        return {
          status: 'new',
          recordType: record.recordType,
          recordID: record.recordID,
          recordName: record.name,
          recordHtml: record.bodyHtml,
          recordFormat: record.format,
          recordUserID: record.insertUserID,
          recordDateInserted: record.dateInserted,
          recordDateUpdated: null,
          placeRecordID: record.categoryID,
          noteHtml: queued ? null : '<p>Please have a look.</p>',
          isUserReport: bool(!queued),
          isPending: bool(queued),
          isPendingUpdate: bool(false),
          insertUserID: queued ? record.insertUserID : memberIDs[index % memberIDs.length]!,
          // Spread over the last 100 days, oldest first (report IDs and dates agree).
          dateInserted: new Date(now - (count - index) * 86_400_000 * (100 / count)).toISOString(),
        };
      });
      const inserted = await db.insertInto('reports').values(rows).returning('reportID').execute();
      await db
        .insertInto('reportReasonLinks')
        .values(inserted.map((row, offset) => ({ reportID: row.reportID, reportReasonID: reasons[offset]! })))
        .execute();
    }
    // Written around the server's writes: the counters (migration 0033) are filled from them.
    await rebuildReportCounts(db);
    const moderator = await db
      .selectFrom('userRoles')
      .innerJoin('roles', 'roles.roleID', 'userRoles.roleID')
      .select('userRoles.userID')
      .where('roles.type', '=', 'moderator')
      .orderBy('userRoles.userID')
      .executeTakeFirstOrThrow();
    const moderatorTokens = Array.from({ length: EDIT_TARGETS }, () => `va.${randomToken(32)}`);
    await db
      .insertInto('accessTokens')
      .values(moderatorTokens.map((token) => ({ userID: moderator.userID, name: 'bench', tokenHash: hashToken(token), dateInserted: nowIso(), dateExpires: isoAfter(6 * 3600) })))
      .execute();
    const targets = discussions.slice(-EDIT_TARGETS).map((row) => row.discussionID);
    await db.updateTable('discussions').set({ body: UNCHANGED_BODY, format: 'markdown' }).where('discussionID', 'in', targets).execute();
    if (isPg) await sql`analyze reports, "reportReasonLinks", "reportCounts"`.execute(db);
    else await sql`analyze`.execute(db);
    return {
      moderatorTokens,
      editPaths: targets.map((id) => `/api/v2/discussions/${String(id)}`),
      reports: count,
      queueEntries,
      seedSeconds: Math.round((performance.now() - started) / 100) / 10,
    };
  });
}

const UNCHANGED_BODY = 'An edited discussion body, **kept** as it was: see [the guide](https://example.com/guide).\n\n- first point\n- second point';

/** `tokens + 1` different bodies: with the tokens rotated, every request changes its discussion's body. */
function revisionBodies(tokens: number): string[] {
  return Array.from({ length: tokens + 1 }, (_, index) => JSON.stringify({ body: UNCHANGED_BODY.replace('kept', `revision ${String(index)}`), format: 'markdown' }));
}

interface LoadSettings {
  base: string;
  connections: number;
  warmup: number;
  duration: number;
  pid: number;
  run: Target;
  wants: (key: string) => boolean;
  log: (line: string) => void;
}

/** The reports list, the approval queue and the edits with and without a revision. */
export async function measureReports(settings: LoadSettings, prepared: ReportsRun): Promise<EndpointResult[]> {
  const { base, wants, log } = settings;
  const tokens = prepared.moderatorTokens;
  const results: EndpointResult[] = [];
  const reads = [
    { key: 'reportsList', label: 'GET /reports?status=new&limit=30 (moderator)', path: '/api/v2/reports?status=new&limit=30' },
    { key: 'reportsListDefault', label: 'GET /reports?status=new (moderator, default limit 100)', path: '/api/v2/reports?status=new' },
    { key: 'approvalQueue', label: 'GET /reports?reportReasonID=approval-required&status=new (moderator)', path: '/api/v2/reports?reportReasonID=approval-required&status=new' },
  ];
  for (const read of reads) {
    if (!wants(read.key)) continue;
    const check = await fetch(`${base}${read.path}`, { headers: { authorization: `Bearer ${tokens[0]!}` } });
    const total = check.headers.get('x-app-page-result-count') ?? check.headers.get('link') ?? '';
    if (!check.ok) log(`  warning: ${read.path} answered ${check.status}: ${await check.text()}`);
    else log(`  ${read.path}: ${((await check.json()) as unknown[]).length} reports on the page ${total ? `(${total.slice(0, 80)})` : ''}`);
    const result = await runLoad(
      read.key,
      read.label,
      { url: `${base}${read.path}`, method: 'GET', connections: settings.connections, warmupSeconds: settings.warmup, durationSeconds: settings.duration, tokens },
      settings.pid,
      read.path,
      settings.run,
    );
    results.push(result);
    log(`  ${read.label}: ${result.requestsPerSecond} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, ${result.errors} errors, CPU per request: server ${result.serverCpuMs} ms, database ${result.databaseCpuMs ?? '–'} ms`);
  }
  const edits = [
    { key: 'editWithoutRevision', label: 'PATCH /discussions/{id}, body unchanged: no revision logged (moderator)', bodies: [JSON.stringify({ body: UNCHANGED_BODY, format: 'markdown' })] },
    { key: 'editWithRevision', label: 'PATCH /discussions/{id}, body changed: revision logged (moderator)', bodies: revisionBodies(tokens.length) },
  ];
  if (edits.some((edit) => wants(edit.key))) {
    // An unrecorded run first, so neither measured run pays for compiling the edit path.
    await runLoad(
      'editWarmup',
      'edit warm-up',
      { url: base, method: 'PATCH', connections: settings.connections, warmupSeconds: 0, durationSeconds: Math.max(settings.warmup, 3), bodies: edits[0]!.bodies, tokens, paths: prepared.editPaths },
      settings.pid,
      '/api/v2/discussions/{id}',
      settings.run,
    );
  }
  for (const edit of edits) {
    if (!wants(edit.key)) continue;
    const logsBefore = await countEditLogs(settings.run);
    const result = await runLoad(
      edit.key,
      edit.label,
      { url: base, method: 'PATCH', connections: settings.connections, warmupSeconds: Math.min(settings.warmup, 2), durationSeconds: settings.duration, bodies: edit.bodies, tokens, paths: prepared.editPaths },
      settings.pid,
      '/api/v2/discussions/{id}',
      settings.run,
    );
    const logged = (await countEditLogs(settings.run)) - logsBefore;
    results.push(result);
    log(`  ${edit.label}: ${result.requestsPerSecond} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, ${result.errors} errors ${JSON.stringify(result.statusCodes)}, CPU per request: server ${result.serverCpuMs} ms, database ${result.databaseCpuMs ?? '–'} ms; ${logged} revisions logged`);
  }
  return results;
}

/** `edit` entries of the change log (the revisions), to show which run wrote them. */
async function countEditLogs(run: Target): Promise<number> {
  return withDatabase(run, async ({ db }) => {
    const row = await db.selectFrom('logs').select((eb) => eb.fn.countAll<number>().as('count')).where('operation', '=', 'edit').executeTakeFirstOrThrow();
    return Number(row.count);
  });
}
