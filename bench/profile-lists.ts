/**
 * `node bench/profile-lists.ts [--posts 100000] [--requests 400]` (TEST_DB=postgres and
 * TEST_DATABASE_URL for PostgreSQL): issue 15's "a profile's discussions list no slower for a
 * member with 100,000 posts than for one with 10". `npm run bench`'s seed spreads posts over many
 * members, so this builds its own forum (the test harness's fresh database, guest cache off): a
 * visible and a staff-only category, one member with --posts discussions and as many comments
 * (inserted in single statements, their counters set), one with 10 of each. Then, in process
 * (`inject()`, one request at a time, after a warm-up), each list as a guest: page 1 and a deep
 * page. Prints requests/s, CPU ms per request and (--explain) the plans of the list's statements.
 */
import { parseArgs } from 'node:util';
import { CompiledQuery, sql } from 'kysely';

process.env.NODE_ENV = 'production';
const { createTestApp } = await import('../server/test/harness.ts');
const { makeActors, makeCategory, makeHiddenCategory } =
  await import('../server/test/factories.ts');

const { values } = parseArgs({
  options: {
    posts: { type: 'string', default: '100000' },
    requests: { type: 'string', default: '400' },
    explain: { type: 'boolean', default: false },
  },
});
const posts = Number(values.posts);
let captured: { statement: string; parameters: readonly unknown[] }[] | undefined;
const t = await createTestApp(
  { GUEST_CACHE_SECONDS: '0', LOG_LEVEL: 'silent' },
  { onQuery: (statement, parameters) => captured?.push({ statement, parameters }) },
);
const isPg = process.env.TEST_DB === 'postgres';
try {
  const { member: heavy, moderator: light, admin } = await makeActors(t);
  const open = await makeCategory(t, { name: 'Open', urlcode: 'open', as: admin });
  const staff = await makeHiddenCategory(t, { name: 'Staff', urlcode: 'staff', as: admin });
  const started = Date.now();
  /** The ISO date `i` minutes after `day` (i is the recursive CTE's counter). */
  const minutesAfter = (day: string) =>
    sql.raw(
      isPg
        ? `(timestamptz '${day}Z' + i * interval '1 minute')`
        : `strftime('%Y-%m-%dT%H:%M:%fZ', '${day}', '+' || i || ' minutes')`,
    );
  const fill = async (userID: number, count: number, categoryID: number, staffEvery: number) => {
    // Every staffEvery-th discussion is in the staff category (hidden from guests).
    await sql`insert into discussions (name, body, format, "bodyHtml", "bodyPlainText", "categoryID", "insertUserID", "dateInserted", "dateLastComment", "lastCommentUserID")
      with recursive n(i) as (select 1 union all select i + 1 from n where i < ${sql.lit(count)})
      select 'Discussion ' || cast(i as varchar(12)), 'b', 'text', '<p>b</p>', 'b',
        case when i % ${sql.lit(staffEvery)} = 0 then ${sql.lit(staff.categoryID)} else ${sql.lit(categoryID)} end, ${sql.lit(userID)},
        ${minutesAfter('2020-01-01')}, ${minutesAfter('2020-01-01')}, ${sql.lit(userID)} from n`.execute(
      t.db,
    );
    const first = await t.db
      .selectFrom('discussions')
      .select((eb) => eb.fn.min('discussionID').as('id'))
      .where('insertUserID', '=', userID)
      .executeTakeFirstOrThrow();
    await sql`insert into comments ("discussionID", body, format, "bodyHtml", "bodyPlainText", "insertUserID", "dateInserted")
      with recursive n(i) as (select 0 union all select i + 1 from n where i < ${sql.lit(count - 1)})
      select ${sql.lit(Number(first.id))} + i, 'c', 'text', '<p>c</p>', 'c', ${sql.lit(userID)},
        ${minutesAfter('2021-01-01')} from n`.execute(t.db);
    const visible = count - Math.floor(count / staffEvery);
    await t.db
      .updateTable('users')
      .set({ countDiscussions: count, countComments: count })
      .where('userID', '=', userID)
      .execute();
    return visible;
  };
  const heavyVisible = await fill(heavy.user.userID, posts, open.categoryID, 100);
  const lightVisible = await fill(light.user.userID, 10, open.categoryID, 100);
  await sql`analyze`.execute(t.db);
  process.stdout.write(
    `seeded ${String(posts)} + 10 discussions and comments in ${String(Date.now() - started)} ms (${isPg ? 'PostgreSQL' : 'SQLite'})\n`,
  );

  const rows: [string, string, number][] = [
    [
      'profileDiscussions (10 posts)',
      `/api/v2/discussions?insertUserID=${String(light.user.userID)}&sort=-dateInserted&limit=30`,
      lightVisible,
    ],
    [
      'profileDiscussionsHeavy (100k posts)',
      `/api/v2/discussions?insertUserID=${String(heavy.user.userID)}&sort=-dateInserted&limit=30`,
      heavyVisible,
    ],
    [
      'profileDiscussionsHeavy limit 10',
      `/api/v2/discussions?insertUserID=${String(heavy.user.userID)}&sort=-dateInserted&limit=10`,
      heavyVisible,
    ],
    [
      'profileDiscussionsHeavy page 100',
      `/api/v2/discussions?insertUserID=${String(heavy.user.userID)}&sort=-dateInserted&limit=30&page=100`,
      heavyVisible,
    ],
    [
      'profileDiscussionsHeavy page 1000',
      `/api/v2/discussions?insertUserID=${String(heavy.user.userID)}&sort=-dateInserted&limit=30&page=1000`,
      heavyVisible,
    ],
    [
      'profileComments (10 posts)',
      `/api/v2/comments?insertUserID=${String(light.user.userID)}&sort=-dateInserted&limit=30`,
      -1,
    ],
    [
      'profileCommentsHeavy (100k posts)',
      `/api/v2/comments?insertUserID=${String(heavy.user.userID)}&sort=-dateInserted&limit=30`,
      -1,
    ],
  ];
  const requests = Number(values.requests);
  for (const [name, url, expected] of rows) {
    const once = async () => {
      const response = await t.app.inject({ method: 'GET', url });
      if (response.statusCode !== 200)
        throw new Error(`${url}: ${String(response.statusCode)} ${response.body}`);
      return response;
    };
    if (values.explain) {
      captured = [];
      await once();
      const statements = captured;
      captured = undefined;
      for (const { statement, parameters } of statements) {
        if (!/^\s*select/i.test(statement) || !/"(discussions|comments)"/.test(statement)) continue;
        const prefix = isPg ? 'explain (analyze, costs off, timing off) ' : 'explain query plan ';
        const plan = await t.db.executeQuery(
          CompiledQuery.raw(prefix + statement, [...parameters]),
        );
        const from = process.hrtime.bigint();
        for (let index = 0; index < 20; index += 1)
          await t.db.executeQuery(CompiledQuery.raw(statement, [...parameters]));
        const ms = Number(process.hrtime.bigint() - from) / 20e6;
        process.stdout.write(`  ${ms.toFixed(2)} ms\n`);
        const lines = plan.rows.map((row) => String(Object.values(row as object).at(-1)));
        process.stdout.write(`  ${statement.slice(0, 160)}\n    ${lines.join('\n    ')}\n`);
      }
    }
    const first = await once();
    const total = Number(first.headers['x-app-page-result-count']);
    if (expected >= 0 && total !== expected)
      throw new Error(`${name}: total ${String(total)}, expected ${String(expected)}`);
    for (let index = 0; index < 50; index += 1) await once();
    const from = process.hrtime.bigint();
    const cpu = process.cpuUsage();
    for (let index = 0; index < requests; index += 1) await once();
    const seconds = Number(process.hrtime.bigint() - from) / 1e9;
    const spent = process.cpuUsage(cpu);
    // CPU per request (this process: server and SQLite; PostgreSQL's own work not included) moves
    // far less with the shared machine's load than req/s does.
    const cpuMs = (spent.user + spent.system) / 1000 / requests;
    process.stdout.write(
      `${name.padEnd(40)} ${(requests / seconds).toFixed(0).padStart(6)} req/s  ${cpuMs.toFixed(2).padStart(7)} CPU ms/req  total ${String(total)}\n`,
    );
  }
} finally {
  await t.close();
}
