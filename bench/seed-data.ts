/**
 * The bench dataset of a scale, written through the real data layer: users in bulk, categories and
 * tags through the in-process API as the administrator (tree paths and permission rows are the
 * service's own), the posts (bench/seed-posts.ts), then the user, tag and category counters.
 */
import type { FastifyInstance } from 'fastify';
import { sql, type Insertable } from 'kysely';
import type { Database } from '../server/src/platform/db/schema.ts';
import { buildApp } from '../server/src/app.ts';
import type { Config } from '../server/src/platform/config.ts';
import type { DatabaseHandle } from '../server/src/platform/db/db.ts';
import { hashToken } from '../server/src/features/tokens/token-hash.ts';
import { hashPassword } from '../server/src/platform/passwords.ts';
import { randomToken } from '../server/src/platform/secrets.ts';
import { isoAfter, nowIso } from '../server/src/platform/dates.ts';
import { renderBody } from '../server/src/platform/content/render.ts';
import { refreshCategoryLastPost } from '../server/src/platform/db/post-counters.ts';
import { SEED_VERSION, pick, prng, type Scale } from './scales.ts';
import { markdownBody } from './content.ts';
import { DAY, insertChunked, insertPosts, type Template } from './seed-posts.ts';
import { withoutSearchIndex } from './seed-search.ts';

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

export async function seed(database: DatabaseHandle, config: Config, scale: Scale, log: (line: string) => void): Promise<SeedInfo> {
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

    // The search index is built once after the posts (bench/seed-search.ts), not row by row.
    let posts: Awaited<ReturnType<typeof insertPosts>> | undefined;
    await withoutSearchIndex(db, database.dialect, async () => {
      posts = await insertPosts({ db, isPg, bool, rowsPer, random, now, iso, scale, userIDs, categoryIDs, restricted, tagIDs, templates, reactionPool, log });
    }, log);
    const { twenty, sinkDiscussionIDs, firstDiscussionID, nextCommentID, userDiscussionCounts, userCommentCounts, categoryCounts, tagCounts } = posts!;

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
