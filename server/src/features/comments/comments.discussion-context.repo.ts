import { pathCategoryIDs } from '../categories/categories.tree.ts';
import { toBool } from '../../platform/db/dialect.ts';
import { compiledStatement } from '../../platform/db/compiled-statement.ts';
import type { Executor } from './comments.repo.ts';

/** What the comment rules need of a comment's discussion and its category. */
export interface DiscussionContextRow {
  discussionID: number;
  name: string;
  categoryID: number;
  insertUserID: number;
  closed: boolean;
  moderationStatus: string;
  dateInserted: string;
  score: number;
  countComments: number;
  lastCommentID: number | null;
  permissionCategoryID: number;
  categoryName: string;
  categoryUrlcode: string;
  treePath: string;
}

// Every comment read and write checks its discussion here: built and compiled once per list length.
const selectDiscussionContexts = compiledStatement((db, parameters: { ids: number[] }) =>
  db
    .selectFrom('discussions as d')
    .innerJoin('categories as c', 'c.categoryID', 'd.categoryID')
    .select([
      'd.discussionID',
      'd.name',
      'd.categoryID',
      'd.insertUserID',
      'd.closed',
      'd.moderationStatus',
      'd.dateInserted',
      'd.score',
      'd.countComments',
      'd.lastCommentID',
      'c.permissionCategoryID',
      'c.name as categoryName',
      'c.urlcode as categoryUrlcode',
      'c.treePath',
    ])
    .where('d.discussionID', 'in', parameters.ids),
);

/** Discussions with their category fields, keyed by discussion ID. */
export async function findDiscussionContexts(
  db: Executor,
  discussionIDs: readonly number[],
): Promise<Map<number, DiscussionContextRow>> {
  const ids = [...new Set(discussionIDs)];
  if (ids.length === 0) return new Map();
  const rows = await selectDiscussionContexts(db, { ids });
  return new Map(
    rows.map((row) => [
      row.discussionID,
      { ...row, closed: toBool(row.closed), score: Number(row.score) },
    ]),
  );
}

/** One discussion with its category fields. */
export async function findDiscussionContext(
  db: Executor,
  discussionID: number,
): Promise<DiscussionContextRow | undefined> {
  return (await findDiscussionContexts(db, [discussionID])).get(discussionID);
}

/** The discussion's category and its ancestors (countAll counters), from the tree path. */
export function categoryChainOf(discussion: DiscussionContextRow): number[] {
  const ids = pathCategoryIDs(discussion.treePath);
  return ids.length > 0 ? ids : [discussion.categoryID];
}

/**
 * What the permission rules need of categories (`GET /comments?categoryID=`), in ascending ID;
 * unknown IDs are left out.
 */
export async function findCategoryPermissionTargets(
  db: Executor,
  categoryIDs: readonly number[],
): Promise<{ categoryID: number; permissionCategoryID: number }[]> {
  const ids = [...new Set(categoryIDs)];
  if (ids.length === 0) return [];
  return db
    .selectFrom('categories')
    .select(['categoryID', 'permissionCategoryID'])
    .where('categoryID', 'in', ids)
    .orderBy('categoryID')
    .execute();
}
