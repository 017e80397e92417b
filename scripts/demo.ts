/**
 * `npm run demo`: fills the forum's database (the same DATA_DIR / DATABASE_URL as `npm start`)
 * with the community of scripts/demo-data.ts. Everything is posted through the API in-process, so
 * bodies are rendered, counters kept and permissions checked exactly as for real users; afterwards
 * the dates are spread over the past months so the forum looks lived in. Run it once; a second run
 * stops without changing anything.
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../server/src/app.ts';
import { ConfigError, loadConfig, type Config } from '../server/src/platform/config.ts';
import { openDatabase } from '../server/src/platform/db/db.ts';
import type { Db } from '../server/src/platform/db/db.ts';
import { prepareDatabase } from '../server/src/main.ts';
import { hashToken } from '../server/src/features/tokens/token-hash.ts';
import { randomToken } from '../server/src/platform/secrets.ts';
import { isoAfter, nowIso } from '../server/src/platform/dates.ts';
import { computeHot } from '../server/src/features/discussions/discussions.hot.ts';
import { refreshCategoryLastPost } from '../server/src/platform/db/post-counters.ts';
import {
  demoCategories,
  demoDiscussions,
  demoTags,
  demoUsers,
  type DemoComment,
} from './demo-data.ts';

/** The password of every demo account (they are for trying the forum out, not for production). */
export const DEMO_PASSWORD = 'Hearth-demo-2026';

const DAY = 24 * 60 * 60 * 1000;

interface Actor {
  userID: number;
  headers: Record<string, string>;
}

class DemoError extends Error {}

async function call<T>(
  app: FastifyInstance,
  actor: Actor,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
): Promise<T> {
  const response = await app.inject({
    method,
    url: `/api/v2${url}`,
    headers: actor.headers,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  if (response.statusCode >= 300) {
    throw new DemoError(`${method} ${url} answered ${response.statusCode}: ${response.body}`);
  }
  return (response.body === '' ? undefined : response.json()) as T;
}

async function tokenFor(db: Db, userID: number): Promise<Actor> {
  const token = `va.${randomToken(32)}`;
  await db
    .insertInto('accessTokens')
    .values({ userID, name: 'demo loader', tokenHash: hashToken(token), dateInserted: nowIso(), dateExpires: isoAfter(60 * 60) })
    .execute();
  return { userID, headers: { authorization: `Bearer ${token}`, 'x-requested-with': 'vanilla' } };
}

export async function loadDemo(app: FastifyInstance, db: Db, config: Config): Promise<string> {
  const existing = await db.selectFrom('users').select('userID').where('name', '=', demoUsers[0]!.name).executeTakeFirst();
  if (existing) return 'The demo community is already loaded; nothing was changed.';

  const admin = await db
    .selectFrom('users')
    .select('userID')
    .where('name', '=', config.adminName)
    .executeTakeFirstOrThrow(() => new DemoError(`The administrator ${config.adminName} was not found.`));
  const adminActor = await tokenFor(db, admin.userID);

  const roles = await db.selectFrom('roles').select(['roleID', 'type']).execute();
  const roleOf = (type: string): number => {
    const role = roles.find((row) => row.type === type);
    if (!role) throw new DemoError(`No role of type ${type}.`);
    return role.roleID;
  };

  // Posting this much at once trips flood control; lift it while loading, then put it back.
  const floodKeys = ['floodControl.discussions.count', 'floodControl.comments.count'] as const;
  const savedFlood = await call<Record<string, unknown>>(app, adminActor, 'GET', `/config?select=${floodKeys.join(',')}`);
  await call(app, adminActor, 'PATCH', '/config', Object.fromEntries(floodKeys.map((key) => [key, 1000])));

  try {
    const actors = new Map<string, Actor>();
    for (const user of demoUsers) {
      const created = await call<{ userID: number }>(app, adminActor, 'POST', '/users', {
        name: user.name,
        email: `${user.name}@example.com`,
        password: DEMO_PASSWORD,
        emailConfirmed: true,
        sendWelcomeEmail: false,
        roleID: [roleOf(user.role)],
      });
      if (user.title) await db.updateTable('users').set({ title: user.title }).where('userID', '=', created.userID).execute();
      actors.set(user.name, await tokenFor(db, created.userID));
    }
    const actor = (name: string): Actor => {
      const found = actors.get(name);
      if (!found) throw new DemoError(`Unknown demo user ${name}.`);
      return found;
    };

    const memberRoleIDs = roles.filter((role) => role.type !== 'moderator' && role.type !== 'administrator').map((role) => role.roleID);
    const categoryIDs = new Map<string, number>();
    for (const [sort, category] of demoCategories.entries()) {
      const parentID = category.parent === undefined ? undefined : categoryIDs.get(category.parent);
      const created = await call<{ categoryID: number }>(app, adminActor, 'POST', '/categories', {
        name: category.name,
        urlcode: category.urlcode,
        description: category.description,
        displayAs: category.displayAs ?? 'discussions',
        sort,
        ...(parentID === undefined ? {} : { parentCategoryID: parentID }),
        ...(category.allowedDiscussionTypes ? { allowedDiscussionTypes: category.allowedDiscussionTypes } : {}),
        ...(category.staffOnly
          ? {
              customPermissions: true,
              permissions: memberRoleIDs.map((roleID) => ({
                roleID,
                permissions: { 'discussions.view': false, 'discussions.add': false, 'comments.add': false },
              })),
            }
          : {}),
      });
      categoryIDs.set(category.key, created.categoryID);
    }

    const tagIDs = new Map<string, number>();
    for (const name of demoTags) {
      const tag = await call<{ tagID: number }>(app, adminActor, 'POST', '/tags', { name });
      tagIDs.set(name, tag.tagID);
    }

    const now = Date.now();
    const dates: { table: 'discussions' | 'comments'; id: number; date: string }[] = [];

    const postComments = async (discussionID: number, start: number, comments: DemoComment[], parentCommentID?: number) => {
      for (const comment of comments) {
        const created = await call<{ commentID: number }>(app, actor(comment.author), 'POST', '/comments', {
          discussionID,
          body: comment.body,
          format: 'markdown',
          ...(parentCommentID === undefined ? {} : { parentCommentID }),
        });
        dates.push({ table: 'comments', id: created.commentID, date: new Date(Math.min(now - 60_000, start + comment.afterDays * DAY)).toISOString() });
        for (const [name, reactionType] of Object.entries(comment.reactions ?? {})) {
          await call(app, actor(name), 'POST', `/comments/${created.commentID}/reactions`, { reactionType });
        }
        if (comment.replies) await postComments(discussionID, start, comment.replies, created.commentID);
      }
    };

    const users = await db.selectFrom('users').select(['userID', 'name']).execute();
    for (const discussion of demoDiscussions) {
      const categoryID = categoryIDs.get(discussion.category);
      if (categoryID === undefined) throw new DemoError(`Unknown demo category ${discussion.category}.`);
      // Mentions in rich2 carry the user's ID.
      const body =
        discussion.format === 'rich2'
          ? discussion.body.replace(/"type":"@","userID":0,"name":"([^"]+)"/g, (_whole, name: string) => {
              const user = users.find((row) => row.name === name);
              return `"type":"@","userID":${user?.userID ?? 0},"name":"${name}"`;
            })
          : discussion.body;
      const created = await call<{ discussionID: number }>(
        app,
        actor(discussion.author),
        'POST',
        discussion.type === 'question' ? '/discussions/question' : '/discussions',
        {
          name: discussion.name,
          body,
          format: discussion.format,
          categoryID,
          ...(discussion.pinned ? { pinned: true, pinLocation: 'recent' } : {}),
          ...(discussion.tags ? { tagIDs: discussion.tags.map((tag) => tagIDs.get(tag)!) } : {}),
        },
      );
      const start = now - discussion.daysAgo * DAY;
      dates.push({ table: 'discussions', id: created.discussionID, date: new Date(start).toISOString() });
      for (const [name, reactionType] of Object.entries(discussion.reactions ?? {})) {
        await call(app, actor(name), 'POST', `/discussions/${created.discussionID}/reactions`, { reactionType });
      }
      for (const name of discussion.bookmarkedBy ?? []) {
        await call(app, actor(name), 'PUT', `/discussions/${created.discussionID}/bookmark`, { bookmarked: true });
      }
      await postComments(created.discussionID, start, discussion.comments ?? []);
      if (discussion.closed) {
        await call(app, actor('marta'), 'PATCH', `/discussions/${created.discussionID}`, { closed: true });
      }
    }

    await spreadDates(db, dates, [...categoryIDs.values()]);
    return [
      `Loaded the demo community: ${demoUsers.length} people, ${demoCategories.length} categories, ${demoDiscussions.length} discussions.`,
      `Sign in as any of ${demoUsers.map((user) => user.name).join(', ')} with the password ${DEMO_PASSWORD}`,
    ].join('\n');
  } finally {
    await call(app, adminActor, 'PATCH', '/config', savedFlood);
    await db.deleteFrom('accessTokens').where('name', '=', 'demo loader').execute();
  }
}

/** Moves every posted record to its story date, then recomputes what depends on dates. */
async function spreadDates(
  db: Db,
  dates: { table: 'discussions' | 'comments'; id: number; date: string }[],
  categoryIDs: number[],
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const entry of dates) {
      if (entry.table === 'discussions') {
        await trx.updateTable('discussions').set({ dateInserted: entry.date, dateLastComment: entry.date }).where('discussionID', '=', entry.id).execute();
      } else {
        await trx.updateTable('comments').set({ dateInserted: entry.date }).where('commentID', '=', entry.id).execute();
      }
    }
    const discussions = await trx.selectFrom('discussions').select(['discussionID', 'dateInserted', 'score']).execute();
    for (const discussion of discussions) {
      const last = await trx
        .selectFrom('comments')
        .select(['commentID', 'insertUserID', 'dateInserted'])
        .where('discussionID', '=', discussion.discussionID)
        .orderBy('dateInserted', 'desc')
        .orderBy('commentID', 'desc')
        .executeTakeFirst();
      const dateLastComment = last?.dateInserted ?? discussion.dateInserted;
      await trx
        .updateTable('discussions')
        .set({
          dateLastComment,
          lastCommentID: last?.commentID ?? null,
          lastCommentUserID: last?.insertUserID ?? null,
          hot: computeHot(discussion.score, dateLastComment),
        })
        .where('discussionID', '=', discussion.discussionID)
        .execute();
    }
    for (const categoryID of categoryIDs) await refreshCategoryLastPost(trx, categoryID);
    await trx.updateTable('users').set({ dateLastActive: new Date(Date.now() - 2 * 60 * 60 * 1000).toISOString() }).execute();
  });
}

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await prepareDatabase(database, config);
    const app = await buildApp({ config, database, logger: false });
    await app.ready();
    try {
      process.stdout.write(`${await loadDemo(app, database.db, config)}\n`);
    } finally {
      await app.close();
    }
  } catch (error) {
    process.stderr.write(`The demo could not be loaded: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  } finally {
    await database.close();
  }
}

if (import.meta.main) {
  await main();
}
