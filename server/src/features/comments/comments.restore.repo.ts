import type { Insertable } from 'kysely';
import type { CommentsTable } from '../../platform/db/schema.ts';
import type { Executor } from './comments.repo.ts';

/** Inserts a deleted comment back with its original ID (an identity column accepts one). */
export async function insertCommentWithID(db: Executor, row: Insertable<CommentsTable>): Promise<void> {
  await db.insertInto('comments').values(row).execute();
}
