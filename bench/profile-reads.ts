/**
 * `node bench/profile-reads.ts <key> [--db sqlite|postgres] [--requests 300] [--guest-cache]`: a CPU
 * profile of one read as signed-in members, in process (the app of this tree on the bench's run
 * database, `inject()`, bearer tokens rotated per request), after a warm-up, so start-up is not in
 * it. Writes bench/results/profiles/<key>-<db>.cpuprofile (read it with bench/profile-summary.ts).
 */
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';

// React picks its production build from NODE_ENV when first loaded (the bench's server runs so).
process.env.NODE_ENV = 'production';
const { buildApp } = await import('../server/src/app.ts');
const { loadConfig } = await import('../server/src/platform/config.ts');
const { openDatabase } = await import('../server/src/platform/db/db.ts');
const { hashToken } = await import('../server/src/features/tokens/token-hash.ts');
const { randomToken } = await import('../server/src/platform/secrets.ts');
const { isoAfter, nowIso } = await import('../server/src/platform/dates.ts');
const { readMarker } = await import('./seed.ts');

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    db: { type: 'string', default: 'sqlite' },
    requests: { type: 'string', default: '300' },
    'guest-cache': { type: 'boolean', default: false },
  },
});
const key = positionals[0];
const root = path.resolve(import.meta.dirname, '..');
const dataDir = values.db === 'postgres' ? path.join(root, '.bench', 'postgres-s') : path.join(root, '.bench', 'sqlite-s', 'run');
const databaseUrl = values.db === 'postgres' ? 'postgres://postgres@127.0.0.1:5432/hearth_bench_s' : undefined;
const database = openDatabase({ databaseUrl, dataDir });
const info = await readMarker(database.db);
if (!info) throw new Error('No bench seed in the run database.');
const tokens = info.memberIDs.slice(0, 50).map(() => `va.${randomToken(32)}`);
await database.db
  .insertInto('accessTokens')
  .values(info.memberIDs.slice(0, 50).map((userID, index) => ({ userID, name: 'profile', tokenHash: hashToken(tokens[index]!), dateInserted: nowIso(), dateExpires: isoAfter(3600) })))
  .execute();
const env = { DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}), NODE_ENV: 'production', LOG_LEVEL: 'warn', ...(values['guest-cache'] ? {} : { GUEST_CACHE_SECONDS: '0' }), JOB_CONCURRENCY: '0', ADMIN_PASSWORD: 'bench-admin-Password-1' };
const app = await buildApp({ config: loadConfig(env), database, logger: false, distDir: path.join(root, 'dist') });
await app.ready();
const discussion = (await app.inject({ method: 'GET', url: `/api/v2/discussions/${info.discussionID}` })).json() as { url: string };
const urls: Record<string, string> = {
  memberList: '/api/v2/discussions?limit=30',
  memberDiscussion: `/api/v2/discussions/${info.discussionID}`,
  memberComments: `/api/v2/comments?discussionID=${info.discussionID}&limit=30`,
  memberSsrDiscussion: new URL(discussion.url).pathname,
  memberSsrList: '/discussions',
  memberNotifications: '/api/v2/notifications',
};
const url = key === undefined ? undefined : urls[key];
if (url === undefined) throw new Error(`usage: node bench/profile-reads.ts <${Object.keys(urls).join('|')}>`);
let turn = 0;
const request = async () => {
  turn += 1;
  const response = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${tokens[turn % tokens.length]!}`, 'accept-encoding': 'gzip, deflate, br' } });
  if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}`);
};
for (let index = 0; index < 100; index += 1) await request();
const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.setSamplingInterval', { interval: 200 });
await session.post('Profiler.start');
const started = process.cpuUsage();
const requests = Number(values.requests);
for (let index = 0; index < requests; index += 1) await request();
const spent = process.cpuUsage(started);
const { profile } = await session.post('Profiler.stop');
const out = path.join(root, 'bench', 'results', 'profiles', `${key}-${values.db}.cpuprofile`);
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, JSON.stringify(profile));
process.stdout.write(`${key}: ${((spent.user + spent.system) / 1000 / requests).toFixed(2)} ms CPU per request (with the profiler); ${out}\n`);
await app.close();
await database.close();
