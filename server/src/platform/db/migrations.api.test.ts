import fs from 'node:fs';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Migrator, sql, type Kysely, type Migration } from 'kysely';
import { createTestDatabase, testDialect, type TestDatabase } from '../../../test/harness.ts';
import type { Db } from './db.ts';
import { migrateToLatest, migrations } from './migrate.ts';

// Issue 11 item 13: migrations are append-only, and a database made by an older release upgrades.

/**
 * Every migration name ever committed, in order. This list may only grow: a name that leaves
 * migrate.ts strands every database that ran it (Kysely refuses to migrate it).
 */
const EVER_COMMITTED = [
  '0001_create_foundation',
  '0003_index_users_name_prefix',
  '0004_extend_categories',
  '0005_create_content',
  '0006_extend_discussions',
  '0007_extend_comments',
  '0008_seed_reaction_types',
  '0009_extend_media',
  '0010_create_layouts',
  '0011_index_content_lists',
  '0012_repair_content_extensions',
  '0013_add_users_name_key',
  '0014_create_jobs',
  '0015_create_notifications',
  '0016_grant_members_email_view',
  '0017_create_conversations',
  '0018_create_search_index',
  '0019_create_drafts',
  '0020_create_reports',
  '0021_create_logs',
  '0022_create_collections',
  '0023_index_search_scope',
  '0024_create_escalation_comments',
  '0025_add_notifications_date_emailed',
  '0026_add_users_self_registered',
  '0027_create_search_vectors',
  '0032_index_author_lists',
  '0033_create_report_counts',
  '0035_shrink_search_index',
  '0037_index_author_lists_covering',
];

const empty: Migration = { up: async () => {} };
const pick = (...names: string[]) =>
  Object.fromEntries(names.map((name) => [name, migrations[name] as Migration])) as Record<
    string,
    Migration
  >;

/** The migration sets earlier releases ran, oldest first (from the history of migrate.ts). */
const releases: { name: string; set: Record<string, Migration> }[] = [
  { name: 'ff5a8b1 (foundation only)', set: pick('0001_create_foundation') },
  {
    name: 'cb08e23 (accounts, categories)',
    set: pick('0001_create_foundation', '0003_index_users_name_prefix', '0004_extend_categories'),
  },
  {
    // 0006–0010 landed as empty slots; 0007 and 0008 got their content only in 16a56ec.
    name: '5df612b (content, empty 0006–0010)',
    set: {
      ...pick(
        '0001_create_foundation',
        '0003_index_users_name_prefix',
        '0004_extend_categories',
        '0005_create_content',
      ),
      '0006_extend_discussions': empty,
      '0007_extend_comments': empty,
      '0008_seed_reaction_types': empty,
      '0009_extend_media': empty,
      '0010_create_layouts': empty,
    },
  },
  {
    name: '16a56ec (0007 and 0008 filled in)',
    set: pick(...EVER_COMMITTED.slice(0, EVER_COMMITTED.indexOf('0010_create_layouts') + 1)),
  },
  {
    // b31408d deleted 0006, 0009 and 0010; c45552d still ran this set.
    name: 'b31408d–c45552d (0006, 0009, 0010 removed)',
    set: pick(
      '0001_create_foundation',
      '0003_index_users_name_prefix',
      '0004_extend_categories',
      '0005_create_content',
      '0007_extend_comments',
      '0008_seed_reaction_types',
      '0011_index_content_lists',
    ),
  },
];

const now = '2026-01-02T03:04:05.000Z';

/** Migrates as an older release did: its own list, Kysely's default checks, our table names. */
async function migrateAsRelease(
  db: Kysely<unknown>,
  set: Record<string, Migration>,
): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(set) },
    migrationTableName: 'migrations',
    migrationLockTableName: 'migrationsLock',
  });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error;
}

/** Tables with their columns, and indexes with their definitions: what two databases must share. */
async function schemaOf(
  database: Db,
): Promise<{ tables: Record<string, string[]>; indexes: string[] }> {
  const db = database as unknown as Kysely<unknown>;
  const tables: Record<string, string[]> = {};
  for (const table of await db.introspection.getTables()) {
    tables[table.name] = table.columns
      .map(
        (column) =>
          `${column.name} ${column.dataType}${column.isNullable ? '' : ' not null'}${column.hasDefaultValue ? ' default' : ''}`,
      )
      .sort();
  }
  const indexes =
    testDialect === 'postgres'
      ? (
          await sql<{
            definition: string;
          }>`select indexdef as definition from pg_indexes where schemaname = 'public'`.execute(db)
        ).rows
      : (
          await sql<{
            definition: string;
          }>`select sql as definition from sqlite_master where type = 'index' and sql is not null`.execute(
            db,
          )
        ).rows;
  return { tables, indexes: indexes.map((row) => row.definition).sort() };
}

describe('migrations', () => {
  const databases: TestDatabase[] = [];
  after(async () => {
    for (const database of databases) await database.drop();
  });
  async function freshDatabase(): Promise<TestDatabase> {
    const database = await createTestDatabase();
    databases.push(database);
    return database;
  }

  test('every migration ever committed is still listed, in order, and each has its file', () => {
    const listed = Object.keys(migrations);
    for (const name of EVER_COMMITTED)
      assert.ok(listed.includes(name), `${name} was committed once and must stay listed`);
    assert.deepEqual(
      listed.slice(0, EVER_COMMITTED.length),
      EVER_COMMITTED,
      'new migrations go at the end',
    );
    assert.deepEqual([...listed].sort(), listed, 'names sort in the order they run');
    const files = fs
      .readdirSync(path.join(import.meta.dirname, 'migrations'))
      .filter((file) => file.endsWith('.ts'))
      .map((file) => file.replace(/\.ts$/, ''));
    assert.deepEqual(
      files.sort(),
      [...listed].sort(),
      'every file in migrations/ is listed and every listed one exists',
    );
  });

  let latest: Awaited<ReturnType<typeof schemaOf>> | undefined;
  async function latestSchema() {
    if (!latest) {
      const database = await freshDatabase();
      await migrateToLatest(database.handle.db);
      latest = await schemaOf(database.handle.db);
    }
    return latest;
  }

  for (const release of releases) {
    test(`a database created by ${release.name} upgrades to today's schema and keeps its data`, async () => {
      const database = await freshDatabase();
      const db = database.handle.db as unknown as Kysely<unknown>;
      await migrateAsRelease(db, release.set);

      await sql`insert into "users" ("name", "email", "dateInserted") values ('early', 'early@example.test', ${now})`.execute(
        db,
      );
      await sql`insert into "categories" ("name", "urlcode", "dateInserted") values ('Early', 'early', ${now})`.execute(
        db,
      );
      const hasContent = '0005_create_content' in release.set;
      if (hasContent) {
        await sql`
          insert into "discussions" ("categoryID", "name", "body", "format", "bodyHtml", "bodyPlainText", "insertUserID", "dateInserted", "dateLastComment")
          select "categoryID", 'First post', 'Hello', 'text', '<p>Hello</p>', 'Hello', 1, ${now}, ${now} from "categories" where "urlcode" = 'early'`.execute(
          db,
        );
      }

      await migrateToLatest(database.handle.db);

      const users = await sql<{
        name: string;
      }>`select "name" from "users" where "email" = 'early@example.test'`.execute(db);
      assert.deepEqual(
        users.rows.map((row) => row.name),
        ['early'],
      );
      const categories = await sql<{
        name: string;
      }>`select "name" from "categories" where "urlcode" = 'early'`.execute(db);
      assert.deepEqual(
        categories.rows.map((row) => row.name),
        ['Early'],
      );
      if (hasContent) {
        const discussions = await sql<{ name: string }>`select "name" from "discussions"`.execute(
          db,
        );
        assert.deepEqual(
          discussions.rows.map((row) => row.name),
          ['First post'],
        );
      }
      const reactionTypes = await sql<{
        urlcode: string;
      }>`select "urlcode" from "reactionTypes" order by "sort"`.execute(db);
      assert.equal(reactionTypes.rows.length, 13, 'the 13 reaction types of spec 000 §3');
      const ran = await sql<{ name: string }>`select "name" from "migrations"`.execute(db);
      assert.deepEqual(ran.rows.map((row) => row.name).sort(), Object.keys(migrations));

      assert.deepEqual(await schemaOf(database.handle.db), await latestSchema());
    });
  }

  test('0016: member roles gain email.view; a role whose administrator set it keeps that choice', async () => {
    const database = await freshDatabase();
    const db = database.handle.db as unknown as Kysely<unknown>;
    const before = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '0016'));
    await migrateAsRelease(db, before);
    await sql`insert into "roles" ("name", "type", "dateInserted") values ('Member', 'member', ${now}), ('Quiet', 'member', ${now}), ('Guest', 'guest', ${now})`.execute(db);
    await sql`
      insert into "rolePermissions" ("roleID", "resourceType", "resourceID", "permission", "granted")
      select "roleID", 'global', 0, 'email.view', ${false} from "roles" where "name" = 'Quiet'`.execute(db);
    await migrateToLatest(database.handle.db);
    const rows = await sql<{ name: string; granted: boolean | number }>`
      select "roles"."name", "rolePermissions"."granted" from "rolePermissions"
      join "roles" on "roles"."roleID" = "rolePermissions"."roleID"
      where "permission" = 'email.view' order by "roles"."name"`.execute(db);
    assert.deepEqual(
      rows.rows.map((row) => [row.name, Boolean(row.granted)]),
      [['Member', true], ['Quiet', false]],
    );
  });
});
