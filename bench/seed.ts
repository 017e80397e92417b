/**
 * Seeds (or reuses) the deterministic bench dataset of a scale (bench/seed-data.ts) in a pristine
 * database: migrations and install run as on a first start, and a marker row records the scale,
 * the seed version and the fixtures' IDs so later runs reuse the seed while they match.
 */
import fs from 'node:fs';
import pg from 'pg';
import { loadConfig, type Config } from '../server/src/platform/config.ts';
import { openDatabase, type Db } from '../server/src/platform/db/db.ts';
import { guardClient } from '../server/src/platform/db/pg-errors.ts';
import { prepareDatabase } from '../server/src/main.ts';
import { nowIso } from '../server/src/platform/dates.ts';
import { SEED_VERSION, type Scale } from './scales.ts';
import { seed, type SeedInfo } from './seed-data.ts';

export const BENCH_ADMIN_PASSWORD = 'bench-admin-Password-1';
const MARKER_KEY = 'bench.seed';

/** Where one bench database lives. */
export interface Target {
  db: 'sqlite' | 'postgres';
  /** SQLite: the DATA_DIR. */
  dataDir: string;
  /** PostgreSQL: the bench database's URL. */
  databaseUrl: string | undefined;
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
