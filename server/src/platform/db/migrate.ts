import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './db.ts';
import * as m0001 from './migrations/0001_create_foundation.ts';
import * as m0003 from './migrations/0003_index_users_name_prefix.ts';
import * as m0004 from './migrations/0004_extend_categories.ts';
import * as m0005 from './migrations/0005_create_content.ts';
import * as m0006 from './migrations/0006_extend_discussions.ts';
import * as m0007 from './migrations/0007_extend_comments.ts';
import * as m0008 from './migrations/0008_seed_reaction_types.ts';
import * as m0009 from './migrations/0009_extend_media.ts';
import * as m0010 from './migrations/0010_create_layouts.ts';
import * as m0011 from './migrations/0011_index_content_lists.ts';
import * as m0012 from './migrations/0012_repair_content_extensions.ts';
import * as m0013 from './migrations/0013_add_users_name_key.ts';
import * as m0014 from './migrations/0014_create_jobs.ts';
import * as m0015 from './migrations/0015_create_notifications.ts';
import * as m0016 from './migrations/0016_grant_members_email_view.ts';
import * as m0017 from './migrations/0017_create_conversations.ts';
import * as m0018 from './migrations/0018_create_search_index.ts';
import * as m0019 from './migrations/0019_create_drafts.ts';
import * as m0020 from './migrations/0020_create_reports.ts';
import * as m0021 from './migrations/0021_create_logs.ts';
import * as m0022 from './migrations/0022_create_collections.ts';
import * as m0023 from './migrations/0023_index_search_scope.ts';
import * as m0024 from './migrations/0024_create_escalation_comments.ts';
import * as m0025 from './migrations/0025_add_notifications_date_emailed.ts';
import * as m0026 from './migrations/0026_add_users_self_registered.ts';
import * as m0027 from './migrations/0027_create_search_vectors.ts';
import * as m0032 from './migrations/0032_index_author_lists.ts';
import * as m0033 from './migrations/0033_create_report_counts.ts';
import * as m0035 from './migrations/0035_shrink_search_index.ts';
import * as m0037 from './migrations/0037_index_author_lists_covering.ts';

/**
 * Forward-only, append-only migrations, in order. Imported statically (not read from disk) so the
 * same list runs from source, from tests and from a bundled build. Add new ones at the end; never
 * edit, rename or remove one that has landed (a database that ran it could not be upgraded):
 * `migrations.api.test.ts` lists every name ever committed.
 */
export const migrations: Readonly<Record<string, Migration>> = {
  '0001_create_foundation': m0001,
  '0003_index_users_name_prefix': m0003,
  '0004_extend_categories': m0004,
  '0005_create_content': m0005,
  '0006_extend_discussions': m0006,
  '0007_extend_comments': m0007,
  '0008_seed_reaction_types': m0008,
  '0009_extend_media': m0009,
  '0010_create_layouts': m0010,
  '0011_index_content_lists': m0011,
  '0012_repair_content_extensions': m0012,
  '0013_add_users_name_key': m0013,
  '0014_create_jobs': m0014,
  '0015_create_notifications': m0015,
  '0016_grant_members_email_view': m0016,
  '0017_create_conversations': m0017,
  '0018_create_search_index': m0018,
  '0019_create_drafts': m0019,
  '0020_create_reports': m0020,
  '0021_create_logs': m0021,
  '0022_create_collections': m0022,
  '0023_index_search_scope': m0023,
  '0024_create_escalation_comments': m0024,
  '0025_add_notifications_date_emailed': m0025,
  '0026_add_users_self_registered': m0026,
  '0027_create_search_vectors': m0027,
  '0032_index_author_lists': m0032,
  '0033_create_report_counts': m0033,
  '0035_shrink_search_index': m0035,
  '0037_index_author_lists_covering': m0037,
};

const provider: MigrationProvider = {
  getMigrations: () => Promise.resolve({ ...migrations }),
};

/** Brings the schema up to date; throws with the failing migration's name when one fails. */
export async function migrateToLatest(database: Db): Promise<void> {
  const db = database as unknown as Kysely<unknown>;
  const migrator = new Migrator({
    db,
    provider,
    migrationTableName: 'migrations',
    migrationLockTableName: 'migrationsLock',
    // 0006, 0009 and 0010 were removed for a while (b31408d) and are back: databases created
    // meanwhile run them (empty) after 0011, out of name order.
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === 'Error');
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Migration ${failed?.migrationName ?? '(unknown)'} failed: ${reason}`, { cause: error });
  }
}

const latestMigration = Object.keys(migrations).at(-1) ?? '';
const migratedDatabases = new WeakSet<object>();

/** True when the database answers and holds the latest migration (cached once true). */
export async function isMigrated(database: Db): Promise<boolean> {
  const db = database as unknown as Kysely<unknown>;
  if (migratedDatabases.has(db)) {
    try {
      await sql`select 1`.execute(db);
      return true;
    } catch {
      return false;
    }
  }
  try {
    const result = await sql<{ name: string }>`select "name" from "migrations" where "name" = ${latestMigration}`.execute(db);
    if (result.rows.length === 0) return false;
    migratedDatabases.add(db);
    return true;
  } catch {
    return false;
  }
}
