import type { CommentListSort } from '../../../../common/src/api/comments.ts';
import { compiledStatement } from '../../platform/db/compiled-statement.ts';
import {
  COMMENT_COUNT_CAP,
  countComments,
  findComments,
  type CommentListFilter,
} from './comments.list.repo.ts';
import { commentColumns, toCommentRow, type CommentRow, type Executor } from './comments.repo.ts';

// A discussion's comments (`GET /comments?discussionID=`, what every discussion page reads) with
// the statements built and compiled by Kysely once per sort and scope length (issue 18): the same
// SQL as comments.list.repo.ts writes for that filter, which Kysely otherwise builds and compiles
// on every request (~8 % of the request's CPU). Any other filter or sort goes there.

interface PageParameters {
  [name: string]: unknown;
  discussionID: number;
  /** The permission categories the viewer may view; absent when they may view every one. */
  permissionCategoryIDs?: number[];
}

type Paged = PageParameters & { limit: number; offset: number };

const pageSorts = new Set<CommentListSort>([
  'dateInserted',
  '-dateInserted',
  'commentID',
  '-commentID',
]);

/** The filter of a discussion page: its discussion and the viewer's scope, nothing else. */
function discussionPageParameters(filter: CommentListFilter): PageParameters | 'none' | undefined {
  const { viewScope, discussionID, ...others } = filter;
  if (discussionID === undefined) return undefined;
  for (const value of Object.values(others)) {
    if (value !== undefined && !(Array.isArray(value) && value.length === 0)) return undefined;
  }
  if (viewScope.all) return { discussionID };
  if (viewScope.permissionCategoryIDs.length === 0) return 'none';
  return { discussionID, permissionCategoryIDs: [...viewScope.permissionCategoryIDs] };
}

function pageBase(db: Executor, parameters: PageParameters) {
  let query = db
    .selectFrom('comments')
    .innerJoin('discussions as d', 'd.discussionID', 'comments.discussionID')
    .innerJoin('categories as c', 'c.categoryID', 'd.categoryID')
    .where('comments.moderationStatus', '=', 'accepted')
    .where('d.moderationStatus', '=', 'accepted')
    .where('comments.discussionID', '=', parameters.discussionID);
  if (parameters.permissionCategoryIDs !== undefined)
    query = query.where('c.permissionCategoryID', 'in', parameters.permissionCategoryIDs);
  return query;
}

const selectPage = compiledStatement((db, parameters: Paged, shape) => {
  const sort = shape as CommentListSort;
  const direction = sort.startsWith('-') ? 'desc' : 'asc';
  let query = pageBase(db, parameters).select(commentColumns);
  if (sort === 'dateInserted' || sort === '-dateInserted')
    query = query.orderBy('comments.dateInserted', direction);
  return query
    .orderBy('comments.commentID', direction)
    .limit(parameters.limit)
    .offset(parameters.offset);
});

const selectCount = compiledStatement((db, parameters: PageParameters) =>
  db
    .selectFrom(
      pageBase(db, parameters).select('comments.commentID').limit(COMMENT_COUNT_CAP).as('capped'),
    )
    .select((eb) => eb.fn.countAll<number>().as('count')),
);

/** `findComments`, with a discussion page's statement compiled once. */
export async function findCommentPage(
  db: Executor,
  filter: CommentListFilter,
  options: { sort: CommentListSort; limit: number; offset: number },
): Promise<CommentRow[]> {
  const parameters = pageSorts.has(options.sort) ? discussionPageParameters(filter) : undefined;
  if (parameters === undefined) return findComments(db, filter, options);
  if (parameters === 'none') return [];
  const rows = await selectPage(
    db,
    { ...parameters, limit: options.limit, offset: options.offset },
    options.sort,
  );
  return rows.map(toCommentRow);
}

/** `countComments`, with a discussion page's statement compiled once. */
export async function countCommentPage(db: Executor, filter: CommentListFilter): Promise<number> {
  const parameters = discussionPageParameters(filter);
  if (parameters === undefined) return countComments(db, filter);
  if (parameters === 'none') return 0;
  const [row] = await selectCount(db, parameters);
  return Number(row?.count ?? 0);
}
