import type { CommentThreadSort } from '../../../../common/src/api/comments.ts';
import type { Executor } from './comments.repo.ts';

/** The fields a thread's structure is built from. */
export interface ThreadNodeRow {
  commentID: number;
  parentCommentID: number | null;
  depth: number;
  insertUserID: number;
  dateInserted: string;
  score: number;
}

const threadColumns = [
  'comments.commentID',
  'comments.parentCommentID',
  'comments.depth',
  'comments.insertUserID',
  'comments.dateInserted',
  'comments.score',
] as const;

/** Order of thread siblings; ties by commentID in the same direction. */
function threadOrder(sort: CommentThreadSort): {
  column: 'comments.dateInserted' | 'comments.score';
  direction: 'asc' | 'desc';
} {
  const direction = sort.startsWith('-') ? 'desc' : 'asc';
  return {
    column:
      sort === 'dateInserted' || sort === '-dateInserted'
        ? 'comments.dateInserted'
        : 'comments.score',
    direction,
  };
}

/** A page of the items directly under a parent (null: top level) of a discussion. */
export async function findThreadPage(
  db: Executor,
  discussionID: number,
  parentCommentID: number | null,
  options: { sort: CommentThreadSort; limit: number; offset: number },
): Promise<ThreadNodeRow[]> {
  const { column, direction } = threadOrder(options.sort);
  return db
    .selectFrom('comments')
    .select(threadColumns)
    .where('comments.discussionID', '=', discussionID)
    .where('comments.moderationStatus', '=', 'accepted')
    .where((eb) =>
      parentCommentID === null
        ? eb('comments.parentCommentID', 'is', null)
        : eb('comments.parentCommentID', '=', parentCommentID),
    )
    .orderBy(column, direction)
    .orderBy('comments.commentID', direction)
    .limit(options.limit)
    .offset(options.offset)
    .execute();
}

/** How many items sit directly under a parent (null: top level) of a discussion. */
export async function countThreadItems(
  db: Executor,
  discussionID: number,
  parentCommentID: number | null,
): Promise<number> {
  const row = await db
    .selectFrom('comments')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('comments.discussionID', '=', discussionID)
    .where('comments.moderationStatus', '=', 'accepted')
    .where((eb) =>
      parentCommentID === null
        ? eb('comments.parentCommentID', 'is', null)
        : eb('comments.parentCommentID', '=', parentCommentID),
    )
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** Every accepted reply of the given comments, ordered as thread siblings. */
export async function findThreadChildren(
  db: Executor,
  parentCommentIDs: readonly number[],
  sort: CommentThreadSort,
): Promise<ThreadNodeRow[]> {
  if (parentCommentIDs.length === 0) return [];
  const { column, direction } = threadOrder(sort);
  return db
    .selectFrom('comments')
    .select(threadColumns)
    .where('comments.parentCommentID', 'in', [...new Set(parentCommentIDs)])
    .where('comments.moderationStatus', '=', 'accepted')
    .orderBy(column, direction)
    .orderBy('comments.commentID', direction)
    .execute();
}

/**
 * How many top-level items of a discussion come before `item` in the default order
 * (`dateInserted`, then commentID): its position for the page route.
 */
export async function countTopLevelBefore(
  db: Executor,
  discussionID: number,
  item: { commentID: number; dateInserted: string },
): Promise<number> {
  const row = await db
    .selectFrom('comments')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('comments.discussionID', '=', discussionID)
    .where('comments.moderationStatus', '=', 'accepted')
    .where('comments.parentCommentID', 'is', null)
    .where((eb) =>
      eb.or([
        eb('comments.dateInserted', '<', item.dateInserted),
        eb.and([
          eb('comments.dateInserted', '=', item.dateInserted),
          eb('comments.commentID', '<', item.commentID),
        ]),
      ]),
    )
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}
