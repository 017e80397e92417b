import type { Kysely } from 'kysely';

/**
 * Issue 15 (a profile's lists keyset-paged on an index, as fast for a 100,000-post member as for a
 * 10-post one): the author indexes of 0032 carry the columns a profile's list tests, so the list
 * is read from the index alone.
 * - `discussions_user_list (insertUserID, dateInserted, discussionID, categoryID, moderationStatus,
 *   type)`: page n of an author's discussions is a seek over the index entries before it (no row
 *   read for the category, status and redirect tests), then the page's rows by primary key.
 * - `discussions_user_scope (insertUserID, categoryID, moderationStatus, type)`: the pager's total
 *   (the author's counter less their posts in the viewer's hidden categories) counts those from the
 *   index alone.
 * - `comments_user_list (insertUserID, dateInserted, commentID, discussionID, moderationStatus)`:
 *   the same for an author's comments (the page's seek and the capped total read no comment row).
 * Each replaces the 0032 index that is its prefix.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('discussions_user_list').ifNotExists().on('discussions').columns(['insertUserID', 'dateInserted', 'discussionID', 'categoryID', 'moderationStatus', 'type']).execute();
  await db.schema.createIndex('discussions_user_scope').ifNotExists().on('discussions').columns(['insertUserID', 'categoryID', 'moderationStatus', 'type']).execute();
  await db.schema.createIndex('comments_user_list').ifNotExists().on('comments').columns(['insertUserID', 'dateInserted', 'commentID', 'discussionID', 'moderationStatus']).execute();
  await db.schema.dropIndex('discussions_user_keyset').ifExists().execute();
  await db.schema.dropIndex('discussions_user_category').ifExists().execute();
  await db.schema.dropIndex('comments_user_keyset').ifExists().execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
