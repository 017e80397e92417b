/**
 * `node bench/interleave.ts <before tree> <after tree> [--db sqlite|postgres] [--rounds 8] [--batch 40]
 *  [--only <keys,…>] [--guest-cache]`:
 * server CPU per request of two versions of Hearth measured in one process on the bench's run
 * database, alternating batches of `inject()` requests (order reversed every round), so load on a
 * shared machine hits both alike. Each tree is a checkout with `node_modules` and `dist` (links are
 * fine). Prints the median (and minimum) CPU ms per request of each read, as signed-in members
 * (bearer tokens rotated per request) with the guest cache off (`--guest-cache`: on, as `npm start`
 * runs, so the shared page parts are kept; members never read the guest cache). Compression is
 * included; HTTP parsing and socket writes are not.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { FastifyInstance } from 'fastify';

// React picks its production build from NODE_ENV when first loaded, as the bench's server does
// (without this, pages were measured with React's development build).
process.env.NODE_ENV = 'production';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    db: { type: 'string', default: 'sqlite' },
    rounds: { type: 'string', default: '8' },
    batch: { type: 'string', default: '40' },
    only: { type: 'string' },
    'guest-cache': { type: 'boolean', default: false },
  },
});
const [beforeTree, afterTree] = positionals.map((tree) => path.resolve(tree));
if (!beforeTree || !afterTree) throw new Error('usage: node bench/interleave.ts <before tree> <after tree>');
const root = path.resolve(import.meta.dirname, '..');
const dataDir = values.db === 'postgres' ? path.join(root, '.bench', 'postgres-s') : path.join(root, '.bench', 'sqlite-s', 'run');
const databaseUrl = values.db === 'postgres' ? 'postgres://postgres@127.0.0.1:5432/hearth_bench_s' : undefined;

interface Version {
  name: string;
  app: FastifyInstance;
  close: () => Promise<void>;
}

async function open(name: string, tree: string): Promise<Version> {
  const { loadConfig } = (await import(path.join(tree, 'server/src/platform/config.ts'))) as typeof import('../server/src/platform/config.ts');
  const { openDatabase } = (await import(path.join(tree, 'server/src/platform/db/db.ts'))) as typeof import('../server/src/platform/db/db.ts');
  const { buildApp } = (await import(path.join(tree, 'server/src/app.ts'))) as typeof import('../server/src/app.ts');
  const env = { DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}), NODE_ENV: 'production', LOG_LEVEL: 'warn', ...(values['guest-cache'] ? {} : { GUEST_CACHE_SECONDS: '0' }), JOB_CONCURRENCY: '0', ADMIN_PASSWORD: 'bench-admin-Password-1' };
  const config = loadConfig(env);
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const app = await buildApp({ config, database, logger: false, distDir: path.join(tree, 'dist') });
  await app.ready();
  return { name, app, close: async () => { await app.close(); await database.close(); } };
}

const { openDatabase } = await import('../server/src/platform/db/db.ts');
const { hashToken } = await import('../server/src/features/tokens/token-hash.ts');
const { randomToken } = await import('../server/src/platform/secrets.ts');
const { isoAfter, nowIso } = await import('../server/src/platform/dates.ts');
const { readMarker } = await import('./seed.ts');
const setup = openDatabase({ databaseUrl, dataDir });
const info = await readMarker(setup.db);
if (!info) throw new Error('No bench seed in the run database.');
const tokens = info.memberIDs.slice(0, 50).map(() => `va.${randomToken(32)}`);
await setup.db
  .insertInto('accessTokens')
  .values(info.memberIDs.slice(0, 50).map((userID, index) => ({ userID, name: 'interleave', tokenHash: hashToken(tokens[index]!), dateInserted: nowIso(), dateExpires: isoAfter(3600) })))
  .execute();
await setup.close();

const versions = [await open('before', beforeTree), await open('after', afterTree)];
const discussion = (await versions[1]!.app.inject({ method: 'GET', url: `/api/v2/discussions/${info.discussionID}` })).json() as { url: string };
const only = values.only === undefined ? undefined : new Set(values.only.split(','));
const allReads = [
  { key: 'memberList', url: '/api/v2/discussions?limit=30' },
  { key: 'memberDiscussion', url: `/api/v2/discussions/${info.discussionID}` },
  { key: 'memberComments', url: `/api/v2/comments?discussionID=${info.discussionID}&limit=30` },
  { key: 'memberSsrDiscussion', url: new URL(discussion.url).pathname },
  { key: 'memberSsrList', url: '/discussions' },
  { key: 'memberNotifications', url: '/api/v2/notifications' },
];
const reads = allReads.filter((read) => only === undefined || only.has(read.key));
const rounds = Number(values.rounds);
const batch = Number(values.batch);
let turn = 0;
const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
process.stdout.write(`| read (${values.db}, S, guest cache ${values['guest-cache'] ? 'on' : 'off'}) | before ms | after ms | change |\n|---|---|---|---|\n`);
try {
  for (const read of reads) {
    const samples = new Map<string, number[]>(versions.map((version) => [version.name, []]));
    for (const version of versions) {
      // Warm-up, and a status check.
      for (let index = 0; index < 5; index += 1) {
        const response = await version.app.inject({ method: 'GET', url: read.url, headers: { authorization: `Bearer ${tokens[index]!}`, 'accept-encoding': 'gzip, deflate, br' } });
        if (response.statusCode !== 200) throw new Error(`${version.name} ${read.url} answered ${response.statusCode}`);
      }
    }
    for (let round = 0; round < rounds; round += 1) {
      const order = round % 2 === 0 ? versions : [...versions].reverse();
      for (const version of order) {
        const started = process.cpuUsage();
        for (let index = 0; index < batch; index += 1) {
          turn += 1;
          await version.app.inject({ method: 'GET', url: read.url, headers: { authorization: `Bearer ${tokens[turn % tokens.length]!}`, 'accept-encoding': 'gzip, deflate, br' } });
        }
        const spent = process.cpuUsage(started);
        samples.get(version.name)!.push((spent.user + spent.system) / 1000 / batch);
      }
    }
    const before = samples.get('before')!;
    const after = samples.get('after')!;
    const change = Math.round((median(after) / median(before) - 1) * 100);
    process.stdout.write(`| ${read.key} | ${median(before).toFixed(2)} (${Math.min(...before).toFixed(2)}) | ${median(after).toFixed(2)} (${Math.min(...after).toFixed(2)}) | ${change > 0 ? '+' : ''}${change} % |\n`);
  }
} finally {
  for (const version of versions) await version.close();
}
