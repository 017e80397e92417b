import type { ReportMeta } from '../../../../common/src/api/reports.ts';
import { emptyReportMeta } from '../reports/reports.meta.ts';
import type {
  Comment,
  CommentEdit,
  CommentPermissions,
  CommentQuote,
} from '../../../../common/src/api/comments.ts';
import { readExpand } from '../../../../common/src/api/common.ts';
import type { ReactionSummary } from '../../../../common/src/api/reactions.ts';
import type { UserFragment } from '../../../../common/src/api/users.ts';
import { escapeHtml } from '../../platform/content/escape.ts';
import { toApiDate } from '../../platform/dates.ts';
import { categoryUrl } from '../categories/categories.present.ts';
import type { UserFragmentRow } from '../../platform/db/user-fragment.ts';
import { presentUserFragment, profileUrlOf, type FragmentViewer } from '../users/users.present.ts';
import type { DiscussionContextRow } from './comments.discussion-context.repo.ts';
import type { CommentRow } from './comments.repo.ts';

/** Which parts of a comment a call asked for (api-contract §1.7, §9). */
export interface CommentExpand {
  /** Default on; `-insertUser` drops it. */
  insertUser: boolean;
  /** Default on (when the comment was edited); `-updateUser` drops it. */
  updateUser: boolean;
  /** Default on; `-body` drops it. */
  body: boolean;
  reactions: boolean;
  reportMeta: boolean;
  countReports: boolean;
  category: boolean;
}

/** Reads a parsed `expand` set: `all` names everything; a leading `-` removes a default. */
export function toCommentExpand(expand: ReadonlySet<string>): CommentExpand {
  return readExpand(
    expand,
    ['reactions', 'reportMeta', 'countReports', 'category'],
    ['insertUser', 'updateUser', 'body'],
  );
}

/** The public URL of a comment (api-contract §9; the page route finds its page). */
export function commentUrl(baseUrl: string, commentID: number): string {
  return `${baseUrl}/discussion/comment/${String(commentID)}#Comment_${String(commentID)}`;
}

/** "Re: <discussion title>" (api-contract §1.14 PostFragment). */
export function commentName(discussionName: string): string {
  return `Re: ${discussionName}`;
}

/**
 * The rendered quote of a parent comment that threaded replies start with (api-contract §1.8):
 * the parent's author, linked to the parent, and its already-sanitized HTML.
 */
export function presentParentQuote(
  parent: CommentRow,
  author: UserFragment,
  baseUrl: string,
): string {
  const authorLink =
    author.userID > 0
      ? `<a class="commentQuote-author" href="${escapeHtml(profileUrlOf(baseUrl, author.name))}">${escapeHtml(author.name)}</a>`
      : `<span class="commentQuote-author">${escapeHtml(author.name)}</span>`;
  const link = `<a class="commentQuote-link" href="${escapeHtml(commentUrl(baseUrl, parent.commentID))}">#${String(parent.commentID)}</a>`;
  return `<blockquote class="commentQuote" data-commentid="${String(parent.commentID)}"><p class="commentQuote-meta">${authorLink} ${link}</p>${parent.bodyHtml}</blockquote>`;
}

/** Everything comments need besides their rows, loaded once for a whole list. */
export interface CommentPresentation {
  baseUrl: string;
  viewer: FragmentViewer;
  expand: CommentExpand;
  discussions: ReadonlyMap<number, DiscussionContextRow>;
  users: ReadonlyMap<number, UserFragmentRow>;
  /** Rendered parent quotes by the replying comment's ID (`quoteParent`). */
  quotes?: ReadonlyMap<number, string> | undefined;
  /** `expand=reactions`, by comment ID. */
  reactions?: ReadonlyMap<number, ReactionSummary[]> | undefined;
  /** Whether the viewer may see the reports of a discussion's comments. */
  canSeeReports: (discussion: DiscussionContextRow) => boolean;
  /** `expand=reportMeta`, by comment ID (reported comments the viewer moderates). */
  reportMetas?: ReadonlyMap<number, ReportMeta> | undefined;
  permissionsOf: (comment: CommentRow, discussion: DiscussionContextRow) => CommentPermissions;
}

/** A comment as the API answers it (api-contract §9). */
export function presentComment(comment: CommentRow, presentation: CommentPresentation): Comment {
  const discussion = presentation.discussions.get(comment.discussionID);
  if (!discussion) throw new Error(`Comment ${String(comment.commentID)} without its discussion.`);
  const { expand, viewer } = presentation;
  const tombstone = comment.displayType === 'tombstone';
  const reports = presentation.canSeeReports(discussion);
  const quote = presentation.quotes?.get(comment.commentID) ?? '';
  return {
    commentID: comment.commentID,
    discussionID: comment.discussionID,
    parentRecordType: 'discussion',
    parentRecordID: comment.discussionID,
    parentCommentID: comment.parentCommentID,
    depth: comment.depth,
    countChildComments: comment.countChildComments,
    scoreChildComments: comment.scoreChildComments,
    name: commentName(discussion.name),
    categoryID: discussion.categoryID,
    ...(expand.category
      ? {
          category: {
            categoryID: discussion.categoryID,
            name: discussion.categoryName,
            url: categoryUrl(presentation.baseUrl, discussion.categoryUrlcode),
          },
        }
      : {}),
    ...(expand.body ? { body: tombstone ? '' : `${quote}${comment.bodyHtml}` } : {}),
    format: comment.format,
    dateInserted: toApiDate(comment.dateInserted),
    dateUpdated: toApiDate(comment.dateUpdated),
    insertUserID: comment.insertUserID,
    ...(expand.insertUser
      ? { insertUser: presentUserFragment(presentation.users.get(comment.insertUserID), viewer) }
      : {}),
    updateUserID: comment.updateUserID,
    ...(expand.updateUser && comment.updateUserID !== null
      ? { updateUser: presentUserFragment(presentation.users.get(comment.updateUserID), viewer) }
      : {}),
    score: comment.score,
    url: commentUrl(presentation.baseUrl, comment.commentID),
    attributes: comment.attributes,
    ...(expand.reactions && presentation.reactions
      ? { reactions: presentation.reactions.get(comment.commentID) ?? [] }
      : {}),
    ...(expand.reportMeta && reports
      ? { reportMeta: presentation.reportMetas?.get(comment.commentID) ?? emptyReportMeta() }
      : {}),
    ...(expand.countReports && reports ? { countReports: comment.countReports } : {}),
    moderationStatus: comment.moderationStatus,
    displayType: comment.displayType,
    permissions: presentation.permissionsOf(comment, discussion),
    type: 'comment',
  };
}

/** `GET /comments/{id}/edit`: the source as stored (api-contract §1.8). */
export function presentCommentEdit(comment: CommentRow): CommentEdit {
  return {
    commentID: comment.commentID,
    discussionID: comment.discussionID,
    parentRecordType: 'discussion',
    parentRecordID: comment.discussionID,
    parentCommentID: comment.parentCommentID,
    body: comment.body,
    format: comment.format,
  };
}

/** `GET /comments/{id}/quote` (api-contract §9). */
export function presentCommentQuote(
  comment: CommentRow,
  author: UserFragment,
  baseUrl: string,
): CommentQuote {
  return {
    commentID: comment.commentID,
    bodyRaw: comment.body,
    dateInserted: toApiDate(comment.dateInserted),
    dateUpdated: toApiDate(comment.dateUpdated),
    insertUser: author,
    url: commentUrl(baseUrl, comment.commentID),
    format: comment.format,
  };
}
