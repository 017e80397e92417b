/**
 * Seeds (or reuses) the deterministic bench dataset of a scale through the real data layer:
 * migrations and install run as on a first start; categories and tags are created through the
 * in-process API (so tree paths and permission rows are the service's own); users, discussions,
 * comments, tags on discussions, reactions and bookmarks are inserted in bulk with Kysely, with every
 * stored counter the app reads (discussion, comment, category, user and tag counters, reaction
 * counts, score, hot, last post) computed here and written with the rows.
 */
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { sql, type Insertable } from 'kysely';
import type { Database } from '../server/src/platform/db/schema.ts';
import pg from 'pg';
import { buildApp } from '../server/src/app.ts';
import { loadConfig, type Config } from '../server/src/platform/config.ts';
import { openDatabase, type Db, type DatabaseHandle } from '../server/src/platform/db/db.ts';
import { guardClient } from '../server/src/platform/db/pg-errors.ts';
import { prepareDatabase } from '../server/src/main.ts';
import { hashToken } from '../server/src/features/tokens/token-hash.ts';
import { hashPassword } from '../server/src/platform/passwords.ts';
import { randomToken } from '../server/src/platform/secrets.ts';
import { isoAfter, nowIso } from '../server/src/platform/dates.ts';
import { renderBody } from '../server/src/platform/content/render.ts';
import { computeHot } from '../server/src/features/discussions/discussions.hot.ts';
import { refreshCategoryLastPost } from '../server/src/features/discussions/discussions.counters.repo.ts';
import { SEED_VERSION, pick, prng, type Scale } from './scales.ts';
import { discussionName, markdownBody } from './content.ts';

export const BENCH_ADMIN_PASSWORD = 'bench-admin-Password-1';
const MARKER_KEY = 'bench.seed';
const DAY = 86_400_000;

/** Where one bench database lives. */
export interface Target {
  db: 'sqlite' | 'postgres';
  /** SQLite: the DATA_DIR. */
  dataDir: string;
  /** PostgreSQL: the bench database's URL. */
  databaseUrl: string | undefined;
}

/** What the runs need to know about the seeded data (stored in the marker). */
export interface SeedInfo {
  scale: Scale['name'];
  version: number;
  seedSeconds: number;
  seededAt: string;
  /** The public category with the most discussions. */
  categoryID: number;
  /** A discussion with exactly 20 comments. */
  discussionID: number;
  discussionSlug: string;
  /** A discussion with more than 50 pages of comments. */
  longDiscussionID: number;
  /** Discussions the comment-creation run posts into (public, open). */
  sinkDiscussionIDs: number[];
  /** Members (member role only) the comment-creation run signs in as. */
  memberIDs: number[];
  maxCommentID: number;
  counts: Record<string, number>;
}

export function benchEnv(target: Target): NodeJS.ProcessEnv {
  return {
    DATA_DIR: target.dataDir,
    ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}),
    ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
  };
}

function benchConfig(target: Target): Config {
  return loadConfig({ ...benchEnv(target) });
}

export async function readMarker(db: Db): Promise<SeedInfo | undefined> {
  const row = await db.selectFrom('config').select('value').where('configKey', '=', MARKER_KEY).executeTakeFirst();
  return row ? (JSON.parse(row.value) as SeedInfo) : undefined;
}

/** Drops the bench database (PostgreSQL) or its data folder (SQLite) so a seed starts clean. */
async function wipe(target: Target): Promise<void> {
  if (target.db === 'sqlite') {
    fs.rmSync(target.dataDir, { recursive: true, force: true });
    return;
  }
  const url = new URL(target.databaseUrl!);
  const name = url.pathname.slice(1);
  url.pathname = '/postgres';
  const client = guardClient(new pg.Client({ connectionString: url.toString() }));
  await client.connect();
  try {
    await client.query(`drop database if exists "${name}" with (force)`);
    await client.query(`create database "${name}"`);
  } finally {
    await client.end();
  }
}

/** Creates the PostgreSQL bench database when absent. */
async function ensurePgDatabase(target: Target): Promise<void> {
  if (target.db !== 'postgres') return;
  const url = new URL(target.databaseUrl!);
  const name = url.pathname.slice(1);
  url.pathname = '/postgres';
  const client = guardClient(new pg.Client({ connectionString: url.toString() }));
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database "${name}"`);
  } finally {
    await client.end();
  }
}

/** Opens the bench database, seeding it first unless a marker of this scale and version is present. */
export async function seedOrReuse(
  target: Target,
  scale: Scale,
  log: (line: string) => void,
): Promise<{ info: SeedInfo; reused: boolean }> {
  await ensurePgDatabase(target);
  const config = benchConfig(target);
  let database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await prepareDatabase(database, config, () => {});
    const marker = await readMarker(database.db);
    if (marker && marker.scale === scale.name && marker.version === SEED_VERSION) {
      return { info: marker, reused: true };
    }
  } finally {
    await database.close();
  }
  log(`Seeding scale ${scale.name} on ${target.db} (a fresh database)…`);
  await wipe(target);
  const started = performance.now();
  database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await prepareDatabase(database, config, () => {});
    const info = await seed(database, config, scale, log);
    info.seedSeconds = Math.round((performance.now() - started) / 100) / 10;
    await database.db
      .insertInto('config')
      .values({ configKey: MARKER_KEY, value: JSON.stringify(info), dateUpdated: nowIso() })
      .onConflict((oc) => oc.column('configKey').doUpdateSet({ value: JSON.stringify(info) }))
      .execute();
    log(`Seeded in ${info.seedSeconds} s.`);
    return { info, reused: false };
  } finally {
    await database.close();
  }
}

interface Actor {
  headers: Record<string, string>;
}

async function call<T>(app: FastifyInstance, actor: Actor, method: 'POST' | 'GET', url: string, payload?: unknown): Promise<T> {
  const response = await app.inject({
    method,
    url: `/api/v2${url}`,
    headers: actor.headers,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  if (response.statusCode >= 300) throw new Error(`${method} ${url} answered ${response.statusCode}: ${response.body}`);
  return response.json() as T;
}

async function insertChunked<R>(rows: R[], size: number, insert: (chunk: R[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < rows.length; start += size) await insert(rows.slice(start, start + size));
}

interface CommentRow {
  commentID: number;
  discussionID: number;
  parentCommentID: number | null;
  depth: number;
  countChildComments: number;
  scoreChildComments: number;
  body: string;
  format: string;
  bodyHtml: string;
  bodyPlainText: string;
  insertUserID: number;
  updateUserID: null;
  dateInserted: string;
  dateUpdated: null;
  score: number;
}

interface Template {
  body: string;
  html: string;
  plainText: string;
}

async function seed(database: DatabaseHandle, config: Config, scale: Scale, log: (line: string) => void): Promise<SeedInfo> {
  const { db } = database;
  const isPg = database.dialect === 'postgres';
  const bool = (value: boolean): boolean | number => (isPg ? value : value ? 1 : 0);
  // Rows per INSERT: SQLite binds at most 32766 parameters, PostgreSQL 65535.
  const rowsPer = (columns: number): number => Math.max(1, Math.floor((isPg ? 60_000 : 30_000) / columns));
  const random = prng(20_260_524);
  const now = Date.now();
  const iso = (ms: number): string => new Date(ms).toISOString();

  // ---- Users (bulk) -------------------------------------------------------------------------
  const roles = await db.selectFrom('roles').select(['roleID', 'type']).execute();
  const roleOf = (type: string): number => {
    const role = roles.find((row) => row.type === type);
    if (!role) throw new Error(`No role of type ${type}.`);
    return role.roleID;
  };
  const memberRole = roleOf('member');
  const moderatorRole = roleOf('moderator');
  const passwordHash = await hashPassword('bench-member-Password-1');
  const firstUserID = Number((await db.selectFrom('users').select((eb) => eb.fn.max('userID').as('max')).executeTakeFirst())?.max ?? 0) + 1;
  const userIDs: number[] = [];
  const userRows: Insertable<Database['users']>[] = [];
  const userRoleRows: Insertable<Database['userRoles']>[] = [];
  for (let index = 0; index < scale.users; index += 1) {
    const userID = firstUserID + index;
    userIDs.push(userID);
    const joined = now - (30 + random() * 700) * DAY;
    userRows.push({
      userID,
      name: `member${String(index + 1)}`,
      email: `member${String(index + 1)}@example.test`,
      password: passwordHash,
      emailConfirmed: bool(true),
      photo: null,
      title: null,
      insertIPAddress: null,
      lastIPAddress: null,
      inviteUserID: null,
      dateInserted: iso(joined),
      dateLastActive: iso(now - random() * 30 * DAY),
      dateUpdated: null,
    });
    // One in fifty members moderates.
    userRoleRows.push({ userID, roleID: index % 50 === 49 ? moderatorRole : memberRole });
  }
  const memberIDs = userIDs.filter((_id, index) => index % 50 !== 49);
  await db.transaction().execute(async (trx) => {
    await insertChunked(userRows, rowsPer(13), (chunk) => trx.insertInto('users').values(chunk).execute());
    await insertChunked(userRoleRows, rowsPer(2), (chunk) => trx.insertInto('userRoles').values(chunk).execute());
  });
  if (isPg) await sql`select setval(pg_get_serial_sequence('"users"', 'userID'), (select max("userID") from "users"))`.execute(db);
  log(`  users: ${scale.users}`);

  // ---- Categories and tags through the in-process API ---------------------------------------
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  const admin = await db.selectFrom('users').select('userID').where('name', '=', config.adminName).executeTakeFirstOrThrow();
  const adminToken = `va.${randomToken(32)}`;
  await db
    .insertInto('accessTokens')
    .values({ userID: admin.userID, name: 'bench seed', tokenHash: hashToken(adminToken), dateInserted: nowIso(), dateExpires: isoAfter(3600) })
    .execute();
  const adminActor: Actor = { headers: { authorization: `Bearer ${adminToken}` } };
  const memberRoleIDs = roles.filter((role) => role.type !== 'moderator' && role.type !== 'administrator').map((role) => role.roleID);

  const categoryIDs: number[] = [];
  const restricted = new Set<number>();
  const parentOf = new Map<number, number | null>();
  // A tree three levels deep at most: a tenth of the categories at the top, the rest below.
  const topLevel = Math.max(1, Math.round(scale.categories / 10));
  try {
    for (let index = 0; index < scale.categories; index += 1) {
      let parentCategoryID: number | undefined;
      if (index >= topLevel) {
        // Children of the top level first, then grandchildren of those children.
        const pool = index < topLevel * 4 ? categoryIDs.slice(0, topLevel) : categoryIDs.slice(topLevel, topLevel * 4);
        parentCategoryID = pool[index % pool.length];
      }
      // One category in ten (never the first) is for staff only.
      const isRestricted = index % 10 === 7;
      const name = `${pick(random, ['General', 'Help', 'Ideas', 'Releases', 'Off-topic', 'Guides', 'Events', 'Showcase', 'Support', 'Internals'])} ${String(index + 1)}`;
      const created = await call<{ categoryID: number }>(app, adminActor, 'POST', '/categories', {
        name,
        urlcode: `bench-${String(index + 1)}`,
        description: `Discussions about ${pick(random, ['plugins', 'themes', 'hosting', 'moderation', 'releases', 'the API'])}.`,
        displayAs: 'discussions',
        sort: index,
        ...(parentCategoryID === undefined ? {} : { parentCategoryID }),
        ...(isRestricted
          ? {
              customPermissions: true,
              permissions: memberRoleIDs.map((roleID) => ({
                roleID,
                permissions: { 'discussions.view': false, 'discussions.add': false, 'comments.add': false },
              })),
            }
          : {}),
      });
      categoryIDs.push(created.categoryID);
      parentOf.set(created.categoryID, parentCategoryID ?? null);
      if (isRestricted) restricted.add(created.categoryID);
    }
    // Children inherit their restricted ancestor's permissions (no category between has its own).
    for (const categoryID of categoryIDs) {
      for (let parent = parentOf.get(categoryID) ?? null; parent !== null; parent = parentOf.get(parent) ?? null) {
        if (restricted.has(parent)) {
          restricted.add(categoryID);
          break;
        }
      }
    }
    const tagIDs: number[] = [];
    for (let index = 0; index < scale.tags; index += 1) {
      const tag = await call<{ tagID: number }>(app, adminActor, 'POST', '/tags', {
        name: `${pick(random, ['sqlite', 'postgres', 'docker', 'theme', 'plugin', 'mobile', 'api', 'email', 'search', 'upgrade'])}-${String(index + 1)}`,
      });
      tagIDs.push(tag.tagID);
    }
    log(`  categories: ${categoryIDs.length} (${restricted.size} staff-only), tags: ${tagIDs.length}`);

    // ---- Bodies: a few dozen templates rendered once, reused across rows --------------------
    const renderContext = { db, config };
    const templates: Template[] = [];
    for (let index = 0; index < 36; index += 1) {
      const body = markdownBody(random, (index % 3) as 0 | 1 | 2);
      const rendered = await renderBody(renderContext, { body, format: 'markdown' });
      templates.push({ body, html: rendered.html, plainText: rendered.plainText });
    }

    const reactionTypes = await db.selectFrom('reactionTypes').select(['tagID', 'urlcode', 'reactionValue']).execute();
    const reactionOf = (urlcode: string) => reactionTypes.find((type) => type.urlcode === urlcode)!;
    const reactionPool = [
      ...Array<string>(9).fill('Up'),
      ...Array<string>(2).fill('Down'),
      'Like', 'Like', 'Agree', 'Insightful', 'Awesome', 'Lol', 'Support', 'Disagree',
    ].map(reactionOf);

    // ---- Comment counts per discussion ---------------------------------------------------------
    const publicCategories = categoryIDs.filter((id) => !restricted.has(id));
    const mainCategory = publicCategories[0]!;
    const special = scale.longDiscussions + 1;
    const counts = new Int32Array(scale.discussions);
    for (let index = 0; index < scale.longDiscussions; index += 1) counts[index] = scale.longDiscussionComments;
    counts[scale.longDiscussions] = 20;
    let remaining = scale.comments - scale.longDiscussions * scale.longDiscussionComments - 20;
    const others = scale.discussions - special;
    const mean = remaining / others;
    let sum = 0;
    for (let index = special; index < scale.discussions; index += 1) {
      const count = Math.min(400, Math.floor(-Math.log(1 - random()) * mean));
      counts[index] = count;
      sum += count;
    }
    while (sum !== remaining) {
      const index = special + Math.floor(random() * others);
      if (sum < remaining) {
        counts[index] = counts[index]! + 1;
        sum += 1;
      } else if (counts[index]! > 0) {
        counts[index] = counts[index]! - 1;
        sum -= 1;
      }
    }
    remaining = 0;

    // ---- Discussions, comments, tags, reactions, bookmarks in chunks ------------------------
    const firstDiscussionID = Number((await db.selectFrom('discussions').select((eb) => eb.fn.max('discussionID').as('max')).executeTakeFirst())?.max ?? 0) + 1;
    let nextCommentID = Number((await db.selectFrom('comments').select((eb) => eb.fn.max('commentID').as('max')).executeTakeFirst())?.max ?? 0) + 1;
    const userDiscussionCounts = new Map<number, number>();
    const userCommentCounts = new Map<number, number>();
    const categoryCounts = new Map<number, { discussions: number; comments: number }>(categoryIDs.map((id) => [id, { discussions: 0, comments: 0 }]));
    const tagCounts = new Map<number, number>();
    const bump = (map: Map<number, number>, key: number, by = 1) => map.set(key, (map.get(key) ?? 0) + by);
    const author = (): number => userIDs[Math.floor(userIDs.length * random() ** 2)]!;
    const distinctUsers = (count: number): number[] => {
      const chosen = new Set<number>();
      while (chosen.size < count) chosen.add(userIDs[Math.floor(random() * userIDs.length)]!);
      return [...chosen];
    };

    const CHUNK = 2_000;
    let twenty = { id: 0, slug: '' };
    const sinkDiscussionIDs: number[] = [];
    for (let chunkStart = 0; chunkStart < scale.discussions; chunkStart += CHUNK) {
      const discussionRows: Insertable<Database['discussions']>[] = [];
      const commentRows: CommentRow[] = [];
      const tagRows: Insertable<Database['discussionTags']>[] = [];
      const reactionRows: Insertable<Database['reactions']>[] = [];
      const reactionCountRows: Insertable<Database['reactionCounts']>[] = [];
      const bookmarkRows: Insertable<Database['userDiscussions']>[] = [];
      const chunkEnd = Math.min(scale.discussions, chunkStart + CHUNK);
      for (let index = chunkStart; index < chunkEnd; index += 1) {
        const discussionID = firstDiscussionID + index;
        const categoryID = index < special ? mainCategory : categoryIDs[Math.floor(categoryIDs.length * random() ** 1.6)]!;
        const insertUserID = author();
        const count = counts[index]!;
        const age = index < special ? 200 * DAY : (1 + random() * 364) * DAY;
        const dateInserted = now - age - DAY;
        const template = templates[Math.floor(random() * templates.length)]!;
        const name = discussionName(random);
        if (index === scale.longDiscussions) twenty = { id: discussionID, slug: name };
        if (!restricted.has(categoryID) && index >= special && sinkDiscussionIDs.length < 50 && random() < 0.1) sinkDiscussionIDs.push(discussionID);

        // Comments: spread over up to 30 days after the discussion (long ones until today).
        const span = index < scale.longDiscussions ? age : Math.min(age, 30 * DAY);
        const topLevelIDs: number[] = [];
        const commentRecords: CommentRow[] = [];
        let lastCommentID: number | null = null;
        let lastCommentUserID: number | null = null;
        let dateLastComment = dateInserted;
        const indexOfComment = new Map<number, number>();
        for (let position = 0; position < count; position += 1) {
          const commentID = nextCommentID;
          nextCommentID += 1;
          const commentUser = author();
          const at = dateInserted + span * ((position + random()) / count);
          const reply = topLevelIDs.length > 0 && random() < 0.15;
          const parentCommentID = reply ? topLevelIDs[Math.floor(random() * topLevelIDs.length)]! : null;
          if (!reply) topLevelIDs.push(commentID);
          const body = templates[Math.floor(random() * templates.length)]!;
          let score = 0;
          if (random() < 0.3) {
            const tallies = new Map<number, number>();
            for (const userID of distinctUsers(1 + Math.floor(random() * 3))) {
              const type = reactionPool[Math.floor(random() * reactionPool.length)]!;
              reactionRows.push({ recordType: 'comment', recordID: commentID, userID, tagID: type.tagID, dateInserted: iso(at + 60_000) });
              score += type.reactionValue;
              bump(tallies, type.tagID);
            }
            for (const [tagID, tally] of tallies) reactionCountRows.push({ recordType: 'comment', recordID: commentID, tagID, count: tally });
          }
          const row: CommentRow = {
            commentID,
            discussionID,
            parentCommentID,
            depth: reply ? 2 : 1,
            countChildComments: 0,
            scoreChildComments: 0,
            body: body.body,
            format: 'markdown',
            bodyHtml: body.html,
            bodyPlainText: body.plainText,
            insertUserID: commentUser,
            updateUserID: null,
            dateInserted: iso(at),
            dateUpdated: null,
            score,
          };
          indexOfComment.set(commentID, commentRecords.length);
          commentRecords.push(row);
          if (parentCommentID !== null) {
            const parent = commentRecords[indexOfComment.get(parentCommentID)!]!;
            parent.countChildComments += 1;
            parent.scoreChildComments += score;
          }
          commentRows.push(row);
          lastCommentID = commentID;
          lastCommentUserID = commentUser;
          dateLastComment = at;
          bump(userCommentCounts, commentUser);
        }

        // Reactions on the discussion: score moves hot.
        let score = 0;
        const reactionTotal = Math.floor(random() ** 3 * 10);
        if (reactionTotal > 0) {
          const tallies = new Map<number, number>();
          for (const userID of distinctUsers(reactionTotal)) {
            const type = reactionPool[Math.floor(random() * reactionPool.length)]!;
            reactionRows.push({ recordType: 'discussion', recordID: discussionID, userID, tagID: type.tagID, dateInserted: iso(dateInserted + 120_000) });
            score += type.reactionValue;
            bump(tallies, type.tagID);
          }
          for (const [tagID, tally] of tallies) reactionCountRows.push({ recordType: 'discussion', recordID: discussionID, tagID, count: tally });
        }
        if (random() < 0.5) {
          const chosen = new Set<number>();
          const total = 1 + Math.floor(random() * 3);
          while (chosen.size < total) chosen.add(tagIDs[Math.floor(tagIDs.length * random() ** 2)]!);
          for (const tagID of chosen) {
            tagRows.push({ discussionID, tagID, dateInserted: iso(dateInserted) });
            bump(tagCounts, tagID);
          }
        }
        if (random() < 0.1) {
          for (const userID of distinctUsers(1 + Math.floor(random() * 2))) {
            bookmarkRows.push({ userID, discussionID, bookmarked: bool(true), dateBookmarked: iso(dateInserted + DAY), dateLastViewed: iso(dateInserted + DAY), countCommentsRead: 0 });
          }
        }
        const lastDate = iso(dateLastComment);
        discussionRows.push({
          discussionID,
          type: 'discussion',
          categoryID,
          name,
          body: template.body,
          format: 'markdown',
          bodyHtml: template.html,
          bodyPlainText: template.plainText,
          insertUserID,
          updateUserID: null,
          lastCommentID,
          lastCommentUserID,
          dateInserted: iso(dateInserted),
          dateUpdated: null,
          dateLastComment: lastDate,
          countComments: count,
          countViews: count * 7 + Math.floor(random() * 50),
          score,
          hot: computeHot(score, lastDate),
          pinLocation: null,
          resolvedUserID: null,
        });
        bump(userDiscussionCounts, insertUserID);
        const categoryCount = categoryCounts.get(categoryID)!;
        categoryCount.discussions += 1;
        categoryCount.comments += count;
      }
      await db.transaction().execute(async (trx) => {
        await insertChunked(discussionRows, rowsPer(21), (chunk) => trx.insertInto('discussions').values(chunk).execute());
        await insertChunked(commentRows, rowsPer(15), (chunk) => trx.insertInto('comments').values(chunk).execute());
        await insertChunked(tagRows, rowsPer(3), (chunk) => trx.insertInto('discussionTags').values(chunk).execute());
        await insertChunked(reactionRows, rowsPer(5), (chunk) => trx.insertInto('reactions').values(chunk).execute());
        await insertChunked(reactionCountRows, rowsPer(4), (chunk) => trx.insertInto('reactionCounts').values(chunk).execute());
        await insertChunked(bookmarkRows, rowsPer(6), (chunk) => trx.insertInto('userDiscussions').values(chunk).execute());
      });
      if (chunkEnd % 20_000 === 0 || chunkEnd === scale.discussions) log(`  discussions: ${chunkEnd} / ${scale.discussions}`);
    }
    if (isPg) {
      await sql`select setval(pg_get_serial_sequence('"discussions"', 'discussionID'), (select max("discussionID") from "discussions"))`.execute(db);
      await sql`select setval(pg_get_serial_sequence('"comments"', 'commentID'), (select max("commentID") from "comments"))`.execute(db);
    }

    // ---- Counters of users, tags and categories --------------------------------------------
    await db.transaction().execute(async (trx) => {
      for (const userID of userIDs) {
        const discussions = userDiscussionCounts.get(userID) ?? 0;
        const comments = userCommentCounts.get(userID) ?? 0;
        if (discussions === 0 && comments === 0) continue;
        await trx.updateTable('users').set({ countDiscussions: discussions, countComments: comments }).where('userID', '=', userID).execute();
      }
      for (const [tagID, count] of tagCounts) await trx.updateTable('tags').set({ countDiscussions: count }).where('tagID', '=', tagID).execute();
      const all = new Map<number, { discussions: number; comments: number }>(categoryIDs.map((id) => [id, { discussions: 0, comments: 0 }]));
      for (const [categoryID, own] of categoryCounts) {
        for (let at: number | null = categoryID; at !== null; at = parentOf.get(at) ?? null) {
          const entry = all.get(at)!;
          entry.discussions += own.discussions;
          entry.comments += own.comments;
        }
      }
      for (const categoryID of categoryIDs) {
        const own = categoryCounts.get(categoryID)!;
        const sub = all.get(categoryID)!;
        await trx
          .updateTable('categories')
          .set({ countDiscussions: own.discussions, countComments: own.comments, countAllDiscussions: sub.discussions, countAllComments: sub.comments })
          .where('categoryID', '=', categoryID)
          .execute();
        await refreshCategoryLastPost(trx, categoryID);
      }
    });
    // Planner statistics after a bulk load (PostgreSQL's autovacuum would do it a little later).
    await sql`analyze`.execute(db);

    const busiest = [...categoryCounts.entries()].filter(([id]) => !restricted.has(id)).sort((a, b) => b[1].discussions - a[1].discussions)[0]!;
    return {
      scale: scale.name,
      version: SEED_VERSION,
      seedSeconds: 0,
      seededAt: nowIso(),
      categoryID: busiest[0],
      discussionID: twenty.id,
      discussionSlug: twenty.slug,
      longDiscussionID: firstDiscussionID,
      sinkDiscussionIDs,
      memberIDs: memberIDs.slice(0, 500),
      maxCommentID: nextCommentID - 1,
      counts: {
        users: scale.users,
        categories: categoryIDs.length,
        discussions: scale.discussions,
        comments: scale.comments,
        tags: tagIDs.length,
      },
    };
  } finally {
    await db.deleteFrom('accessTokens').where('name', '=', 'bench seed').execute();
    await app.close();
  }
}
