import type { Kysely } from 'kysely';

/**
 * Comments feature: the threaded view pages the items directly under one parent (the top level
 * or a comment) of a discussion, in date order; this index serves that page and its count.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('comments_thread')
    .on('comments')
    .columns(['discussionID', 'parentCommentID', 'dateInserted', 'commentID'])
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
