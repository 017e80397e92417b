import {
  MAX_COMMENT_DEPTH,
  MAX_THREAD_LIMIT,
  commentThreadQuerySchema,
  type Comment,
  type CommentThread,
  type CommentThreadQuery,
  type ParsedCommentThreadQuery,
  type ThreadItem,
} from '../../../../common/src/api/comments.ts';
import type { RequestContext } from '../../http/context.ts';
import type { NumberedPaging } from '../../http/paging.ts';
import type { Db } from '../../platform/db/db.ts';
import { findUserFragmentRows } from '../../platform/db/user-fragment.ts';
import { fragmentViewerOf, presentUserFragment } from '../users/users.present.ts';
import { toCommentExpand } from './comments.present.ts';
import { findCommentByID, findCommentsByIDs, type CommentRow } from './comments.repo.ts';
import {
  commentNotFound,
  presentComments,
  requireReadableComment,
  requireReadableDiscussion,
} from './comments.service.ts';
import { buildThread, finishThread } from './comments.thread.ts';
import {
  countThreadItems,
  countTopLevelBefore,
  findThreadChildren,
  findThreadPage,
  type ThreadNodeRow,
} from './comments.thread.repo.ts';

/** `GET /comments/thread`: the thread and the numbered pager of its top-level items. */
export interface CommentThreadResult extends CommentThread {
  paging: NumberedPaging;
}

/** A comment's chain from the top-level comment down to itself. */
async function ancestorChain(db: Db, comment: CommentRow): Promise<CommentRow[]> {
  const chain = [comment];
  let current = comment;
  while (current.parentCommentID !== null && chain.length <= MAX_COMMENT_DEPTH + 1) {
    const parent = await findCommentByID(db, current.parentCommentID);
    if (!parent) break;
    chain.unshift(parent);
    current = parent;
  }
  return chain;
}

function holeApiUrl(
  ctx: RequestContext,
  query: ParsedCommentThreadQuery,
  parentCommentID: number,
  offset: number,
  count: number,
): string {
  const url = new URL('/api/v2/comments/thread', ctx.config.baseUrl);
  url.searchParams.set('parentRecordType', query.parentRecordType);
  url.searchParams.set('parentRecordID', String(query.parentRecordID));
  url.searchParams.set('parentCommentID', String(parentCommentID));
  url.searchParams.set('offset', String(offset));
  url.searchParams.set('limit', String(Math.min(Math.max(count, 1), MAX_THREAD_LIMIT)));
  url.searchParams.set('collapseChildDepth', String(query.collapseChildDepth));
  url.searchParams.set('collapseChildLimit', String(query.collapseChildLimit));
  url.searchParams.set('sort', query.sort);
  if (query.expand.size > 0) url.searchParams.set('expand', [...query.expand].join(','));
  return url.toString();
}

/**
 * `GET /comments/thread` (api-contract §9): a page of top-level items (or of a comment's replies
 * with `parentCommentID`) with their replies to `collapseChildDepth` levels and
 * `collapseChildLimit` each; the rest are holes whose `apiUrl` loads them. `focusCommentID`
 * expands that comment's chain and, without `page`, picks the page holding it.
 * @throws AppError 404 discussion or parent comment, 403 without view.
 */
export async function getCommentThread(
  ctx: RequestContext,
  input: CommentThreadQuery,
): Promise<CommentThreadResult> {
  // Routes pass an already parsed query (expand is a Set); hydrators pass plain values.
  const query = commentThreadQuerySchema.parse({
    ...input,
    expand: input.expand instanceof Set ? [...(input.expand as Set<string>)] : input.expand,
  });
  const discussion = await requireReadableDiscussion(ctx, ctx.db, query.parentRecordID);
  const discussionID = discussion.discussionID;

  let rootParent: CommentRow | null = null;
  let basePath = '';
  if (query.parentCommentID !== undefined) {
    const { comment } = await requireReadableComment(ctx, ctx.db, query.parentCommentID);
    if (comment.discussionID !== discussionID) throw commentNotFound(query.parentCommentID);
    rootParent = comment;
    basePath = (await ancestorChain(ctx.db, comment)).map((row) => String(row.commentID)).join('.');
  }

  const focusIDs = new Set<number>();
  let focusRoot: CommentRow | undefined;
  if (query.focusCommentID !== undefined) {
    const focus = await findCommentByID(ctx.db, query.focusCommentID);
    if (focus && focus.discussionID === discussionID && focus.moderationStatus === 'accepted') {
      const chain = await ancestorChain(ctx.db, focus);
      for (const row of chain) focusIDs.add(row.commentID);
      focusRoot = chain[0];
    }
  }

  const limit = query.limit;
  let offset: number;
  if (query.offset !== undefined) offset = query.offset;
  else if (query.page !== undefined) offset = (query.page - 1) * limit;
  else if (focusRoot && rootParent === null && query.sort === 'dateInserted')
    offset =
      Math.floor((await countTopLevelBefore(ctx.db, discussionID, focusRoot)) / limit) * limit;
  else offset = 0;
  const page = Math.floor(offset / limit) + 1;

  const parentID = rootParent?.commentID ?? null;
  const [total, roots] = await Promise.all([
    countThreadItems(ctx.db, discussionID, parentID),
    findThreadPage(ctx.db, discussionID, parentID, { sort: query.sort, limit, offset }),
  ]);

  // Replies level by level (at most MAX_COMMENT_DEPTH levels), to count what holes hold.
  const childrenOf = new Map<number, ThreadNodeRow[]>();
  let level: readonly ThreadNodeRow[] = roots;
  while (level.length > 0) {
    const children = await findThreadChildren(
      ctx.db,
      level.map((row) => row.commentID),
      query.sort,
    );
    for (const child of children) {
      if (child.parentCommentID === null) continue;
      const siblings = childrenOf.get(child.parentCommentID) ?? [];
      siblings.push(child);
      childrenOf.set(child.parentCommentID, siblings);
    }
    level = children;
  }

  const built = buildThread({
    roots,
    childrenOf,
    collapseChildDepth: query.collapseChildDepth,
    collapseChildLimit: query.collapseChildLimit,
    focusIDs,
    basePath,
  });

  const holeUserIDs = new Set<number>();
  const collectHoleUsers = (items: ReturnType<typeof buildThread>['items']): void => {
    for (const item of items) {
      if (item.type === 'hole') item.insertUserIDs.slice(0, 5).forEach((id) => holeUserIDs.add(id));
      else collectHoleUsers(item.children);
    }
  };
  collectHoleUsers(built.items);
  const holeUsers = await findUserFragmentRows(ctx.db, [...holeUserIDs]);
  const viewer = fragmentViewerOf(ctx);

  const threadStructure: ThreadItem[] = finishThread(built.items, (hole) => ({
    type: 'hole',
    holeID: hole.holeID,
    parentCommentID: hole.parentCommentID,
    depth: hole.depth,
    path: hole.path,
    offset: hole.offset,
    countAllComments: hole.countAllComments,
    countAllInsertUsers: hole.insertUserIDs.length,
    insertUsers: hole.insertUserIDs
      .slice(0, 5)
      .map((id) => presentUserFragment(holeUsers.get(id), viewer)),
    apiUrl: holeApiUrl(ctx, query, hole.parentCommentID, hole.offset, hole.countSiblings),
  }));

  const rows = await findCommentsByIDs(ctx.db, built.shownIDs);
  const ordered = built.shownIDs
    .map((id) => rows.get(id))
    .filter((row): row is CommentRow => row !== undefined);
  const comments = await presentComments(ctx, ordered, {
    expand: toCommentExpand(query.expand),
    quoteParent: false,
    discussions: new Map([[discussionID, discussion]]),
  });
  const commentsByID: Record<string, Comment> = {};
  for (const comment of comments) commentsByID[String(comment.commentID)] = comment;
  return { threadStructure, commentsByID, paging: { page, limit, total } };
}

/**
 * Where `/discussion/comment/{id}` shows a comment: its discussion and the page (of `limit`
 * top-level items, oldest first) holding its top-level ancestor.
 * @throws AppError 404 "Comment not found.", 403 without view.
 */
export async function findCommentLocation(
  ctx: RequestContext,
  commentID: number,
  options: { limit: number },
): Promise<{ discussionID: number; page: number }> {
  const { comment } = await requireReadableComment(ctx, ctx.db, commentID);
  const [root] = await ancestorChain(ctx.db, comment);
  const position = await countTopLevelBefore(ctx.db, comment.discussionID, root ?? comment);
  return {
    discussionID: comment.discussionID,
    page: Math.floor(position / Math.max(1, options.limit)) + 1,
  };
}
