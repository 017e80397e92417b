import type { Kysely } from 'kysely';
import { columns } from '../dialect.ts';

/**
 * Issue 13: the durable jobs table (platform/jobs). 0001 created a placeholder `jobs` table that
 * no code ever wrote to (its columns lacked the type, lease owner and limits the worker needs), so
 * it is dropped and made anew. Indexes serve the claim query (due queued/failed jobs by runAt;
 * running jobs whose lease ran out), the administrators' list by status and the tracking slips.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const c = columns(db);
  await db.schema.dropTable('jobs').ifExists().execute();
  await c
    .id(db.schema.createTable('jobs'), 'jobID')
    .addColumn('type', c.text, (col) => col.notNull())
    .addColumn('payload', c.text, (col) => col.notNull())
    .addColumn('status', c.text, (col) => col.notNull())
    .addColumn('runAt', c.date, (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('maxAttempts', 'integer', (col) => col.notNull())
    .addColumn('lockedBy', c.text)
    .addColumn('lockedUntil', c.date)
    .addColumn('lastError', c.text)
    .addColumn('trackingID', c.text)
    .addColumn('dateInserted', c.date, (col) => col.notNull())
    .addColumn('dateUpdated', c.date, (col) => col.notNull())
    .addColumn('dateCompleted', c.date)
    .execute();
  await db.schema.createIndex('jobs_due').on('jobs').columns(['status', 'runAt']).execute();
  await db.schema.createIndex('jobs_lease').on('jobs').columns(['status', 'lockedUntil']).execute();
  await db.schema.createIndex('jobs_status_list').on('jobs').columns(['status', 'jobID']).execute();
  await db.schema.createIndex('jobs_tracking').on('jobs').column('trackingID').unique().execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
