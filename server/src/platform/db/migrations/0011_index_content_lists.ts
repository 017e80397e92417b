import type { Kysely } from 'kysely';

/**
 * The numbered pager's total of `GET /discussions` (and of the layouts' discussion lists) counts
 * the accepted discussions in or outside a set of categories, minus the announcement block with
 * `pinOrder=first`: `count(*) where moderationStatus = ? and categoryID [not] in (…) [and not
 * (pinned = ? and pinLocation = ?)]`. No index held `moderationStatus`, so both databases read
 * every discussion row, bodies included. This narrow index holds every column those counts read,
 * so they are answered from the index alone (server/test/query-plans.api.test.ts).
 *
 * It leads with `categoryID`, not `moderationStatus`: SQLite keeps no statistics, so an index
 * leading with `moderationStatus` looks selective to its planner, which then prefers it to the
 * sort indexes and sorts every accepted discussion for a 30-row page.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('discussions_category_moderation')
    .on('discussions')
    .columns(['categoryID', 'moderationStatus', 'pinned', 'pinLocation'])
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
