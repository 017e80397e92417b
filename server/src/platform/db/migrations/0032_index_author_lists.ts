import type { Kysely } from 'kysely';

/**
 * Issue 15 (a profile's lists as fast for a 100,000-post member as for a 10-post one): the author
 * indexes end with the primary key, so `insertUserID = ? order by dateInserted desc, ID desc` is
 * read in index order on both databases (PostgreSQL had to sort on the ID tie-break), and
 * `discussions (insertUserID, categoryID)` counts the author's posts in the categories a viewer
 * may not see by probing those categories only (the pager's total is the author's counter less
 * those: docs/decisions.md). The narrower old indexes are their prefixes and are dropped.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('discussions_user_keyset').ifNotExists().on('discussions').columns(['insertUserID', 'dateInserted', 'discussionID']).execute();
  await db.schema.createIndex('discussions_user_category').ifNotExists().on('discussions').columns(['insertUserID', 'categoryID']).execute();
  await db.schema.createIndex('comments_user_keyset').ifNotExists().on('comments').columns(['insertUserID', 'dateInserted', 'commentID']).execute();
  await db.schema.dropIndex('discussions_user').ifExists().execute();
  await db.schema.dropIndex('comments_user').ifExists().execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
