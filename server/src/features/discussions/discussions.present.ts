import type { ReportMeta } from '../../../../common/src/api/reports.ts';
import { emptyReportMeta } from '../reports/reports.meta.ts';
import type { Breadcrumb, PostFragment } from '../../../../common/src/api/categories.ts';
import {
  DEFAULT_EXCERPT_LENGTH,
  SNIPPET_LENGTH,
  pinLocations,
  type Discussion,
  type DiscussionCategoryFragment,
  type DiscussionEdit,
  type DiscussionPermissions,
  type DiscussionQuote,
  type PinLocation,
} from '../../../../common/src/api/discussions.ts';
import { readExpand } from '../../../../common/src/api/common.ts';
import type { ReactionSummary } from '../../../../common/src/api/reactions.ts';
import type { TagFragment } from '../../../../common/src/api/tags.ts';
import type { UserFragment } from '../../../../common/src/api/users.ts';
import { slugify } from '../../../../common/src/slug.ts';
import { excerptOf } from '../../platform/content/render.ts';
import { toApiDate } from '../../platform/dates.ts';
import { deletedUserFragment } from '../users/users.present.ts';
import type { DiscussionRow } from './discussions.repo.ts';
import type { UserDiscussionRow } from './user-discussions.repo.ts';

/** Which expansions a discussion call asked for (api-contract §1.7, §8). */
export interface DiscussionExpand {
  body: boolean;
  insertUser: boolean;
  lastUser: boolean;
  category: boolean;
  lastPost: boolean;
  lastPostBody: boolean;
  lastPostInsertUser: boolean;
  tagIDs: boolean;
  breadcrumbs: boolean;
  excerpt: boolean;
  snippet: boolean;
  reactions: boolean;
  permissions: boolean;
  countReports: boolean;
  reportMeta: boolean;
}

/**
 * Reads a parsed `expand` set: `insertUser`, `lastUser` and `body` are on unless excluded with a
 * leading minus; `all` names every other expansion (api-contract §1.7).
 */
export function toDiscussionExpand(expand: ReadonlySet<string> | undefined): DiscussionExpand {
  const read = readExpand(
    expand,
    [
      'category',
      'lastPost',
      'lastPost.body',
      'lastPost.insertUser',
      'tagIDs',
      'breadcrumbs',
      'excerpt',
      'snippet',
      'reactions',
      'permissions',
      'countReports',
      'reportMeta',
    ],
    ['body', 'insertUser', 'lastUser'],
  );
  const {
    'lastPost.body': lastPostBody,
    'lastPost.insertUser': lastPostInsertUser,
    ...rest
  } = read;
  return {
    ...rest,
    lastPost: read.lastPost || lastPostBody || lastPostInsertUser,
    lastPostBody,
    lastPostInsertUser,
  };
}

/** The discussion page's URL: `/discussion/{id}/{slug}` (spec 000 §2), absolute. */
export function discussionUrl(baseUrl: string, discussionID: number, name: string): string {
  const slug = slugify(name);
  return `${baseUrl}/discussion/${String(discussionID)}${slug === '' ? '' : `/${slug}`}`;
}

/** A comment's permalink: `/discussion/comment/{commentID}` (spec 000 §2), absolute. */
export function commentUrl(baseUrl: string, commentID: number): string {
  return `${baseUrl}/discussion/comment/${String(commentID)}#Comment_${String(commentID)}`;
}

/** The stored pin location as the API names it; null when not pinned. */
export function toPinLocation(row: {
  pinned: boolean;
  pinLocation: string | null;
}): PinLocation | null {
  if (!row.pinned) return null;
  return pinLocations.find((location) => location === row.pinLocation) ?? 'category';
}

/** Everything a discussion needs besides its row, loaded once for a whole list. */
export interface DiscussionPresentation {
  baseUrl: string;
  viewerID: number;
  expand: DiscussionExpand;
  excerptLength: number;
  /** `staff.allow`: `resolved`, `internalStatusID`, `resolvedUserID`. */
  isStaff: boolean;
  users: ReadonlyMap<number, UserFragment>;
  viewerRows: ReadonlyMap<number, UserDiscussionRow>;
  tags: ReadonlyMap<number, TagFragment[]>;
  categories: ReadonlyMap<number, DiscussionCategoryFragment>;
  breadcrumbs: ReadonlyMap<number, Breadcrumb[]>;
  reactions?: ReadonlyMap<number, ReactionSummary[]> | undefined;
  lastPosts?: ReadonlyMap<number, PostFragment> | undefined;
  permissionsOf?: ((row: DiscussionRow) => DiscussionPermissions) | undefined;
  /** Whether the viewer moderates the discussion (api-contract §27.4, §27.5: `countReports`, `moderationStatus`). */
  moderates?: ((row: DiscussionRow) => boolean) | undefined;
  /** `expand=reportMeta` of the discussions the viewer moderates, by ID. */
  reportMetas?: ReadonlyMap<number, ReportMeta> | undefined;
}

/** The user whose activity was last: the last commenter, else the author. */
export function lastUserIDOf(row: DiscussionRow): number {
  return row.lastCommentUserID ?? row.insertUserID;
}

function moderationStatusOf(value: string): 'accepted' | 'pending' | 'rejected' {
  return value === 'pending' || value === 'rejected' ? value : 'accepted';
}

/** A discussion as the API answers it (api-contract §8), with the requested expansions. */
export function presentDiscussion(
  row: DiscussionRow,
  presentation: DiscussionPresentation,
): Discussion {
  const { expand } = presentation;
  const url = discussionUrl(presentation.baseUrl, row.discussionID, row.name);
  const viewer = presentation.viewerRows.get(row.discussionID);
  const signedIn = presentation.viewerID > 0;
  const countRead = viewer?.countCommentsRead ?? 0;
  const countUnread = Math.max(0, row.countComments - countRead);
  const dateLastViewed = viewer?.dateLastViewed ?? null;
  const tags = presentation.tags.get(row.discussionID) ?? [];
  const lastUserID = lastUserIDOf(row);
  const user = (userID: number) => presentation.users.get(userID) ?? deletedUserFragment();
  const category = presentation.categories.get(row.categoryID);
  return {
    discussionID: row.discussionID,
    type: row.type,
    name: row.name,
    ...(expand.body ? { body: row.bodyHtml } : {}),
    format: row.format,
    ...(expand.excerpt
      ? { excerpt: excerptOf(row.bodyPlainText, presentation.excerptLength) }
      : {}),
    ...(expand.snippet ? { snippet: excerptOf(row.bodyPlainText, SNIPPET_LENGTH - 1) } : {}),
    categoryID: row.categoryID,
    ...(expand.category && category ? { category } : {}),
    dateInserted: toApiDate(row.dateInserted),
    dateUpdated: toApiDate(row.dateUpdated),
    dateLastComment: toApiDate(row.dateLastComment),
    insertUserID: row.insertUserID,
    ...(expand.insertUser ? { insertUser: user(row.insertUserID) } : {}),
    updateUserID: row.updateUserID,
    lastUserID,
    ...(expand.lastUser ? { lastUser: user(lastUserID) } : {}),
    ...(presentation.lastPosts
      ? { lastPost: presentation.lastPosts.get(row.discussionID) ?? null }
      : {}),
    pinned: row.pinned,
    pinLocation: toPinLocation(row),
    announce: row.pinned,
    closed: row.closed,
    sink: row.sink,
    countComments: row.countComments,
    countViews: row.countViews,
    score: row.score,
    hot: row.hot,
    url,
    canonicalUrl: url,
    statusID: row.statusID,
    attributes: row.attributes,
    ...(expand.breadcrumbs
      ? { breadcrumbs: presentation.breadcrumbs.get(row.categoryID) ?? [] }
      : {}),
    ...(presentation.reactions
      ? { reactions: presentation.reactions.get(row.discussionID) ?? [] }
      : {}),
    // api-contract §8: tags are attached whenever the discussion has some.
    ...(tags.length > 0 ? { tags } : {}),
    ...(expand.tagIDs ? { tagIDs: tags.map((tag) => tag.tagID) } : {}),
    ...(expand.countReports && presentation.moderates?.(row) ? { countReports: row.countReports } : {}),
    ...(expand.reportMeta && presentation.moderates?.(row)
      ? { reportMeta: presentation.reportMetas?.get(row.discussionID) ?? emptyReportMeta() }
      : {}),
    ...(presentation.moderates?.(row) ? { moderationStatus: moderationStatusOf(row.moderationStatus) } : {}),
    ...(presentation.permissionsOf ? { permissions: presentation.permissionsOf(row) } : {}),
    bookmarked: viewer?.bookmarked ?? false,
    // Guests never have unread discussions; signed-in viewers until they open it and read every comment.
    unread: signedIn && (dateLastViewed === null || countUnread > 0),
    ...(signedIn ? { countUnread: dateLastViewed === null ? row.countComments : countUnread } : {}),
    dismissed: viewer?.dismissed ?? false,
    muted: viewer?.muted ?? false,
    ...(signedIn ? { dateLastViewed: toApiDate(dateLastViewed) } : {}),
    ...(presentation.isStaff
      ? {
          resolved: row.resolved,
          resolvedUserID: row.resolvedUserID,
          internalStatusID: row.internalStatusID,
        }
      : {}),
  };
}

/** The `lastPost` of a discussion: its newest comment, else the discussion itself (api-contract §1.14). */
export function presentDiscussionLastPost(
  row: DiscussionRow,
  comment:
    { commentID: number; bodyHtml: string; insertUserID: number; dateInserted: string } | undefined,
  options: { baseUrl: string; body: boolean; insertUser?: UserFragment | undefined },
): PostFragment {
  if (comment) {
    return {
      discussionID: row.discussionID,
      commentID: comment.commentID,
      name: `Re: ${row.name}`,
      ...(options.body ? { body: comment.bodyHtml } : {}),
      type: 'comment',
      url: commentUrl(options.baseUrl, comment.commentID),
      dateInserted: toApiDate(comment.dateInserted),
      insertUserID: comment.insertUserID,
      ...(options.insertUser ? { insertUser: options.insertUser } : {}),
    };
  }
  return {
    discussionID: row.discussionID,
    name: row.name,
    ...(options.body ? { body: row.bodyHtml } : {}),
    type: 'discussion',
    url: discussionUrl(options.baseUrl, row.discussionID, row.name),
    dateInserted: toApiDate(row.dateInserted),
    insertUserID: row.insertUserID,
    ...(options.insertUser ? { insertUser: options.insertUser } : {}),
  };
}

/** `GET /discussions/{id}/edit` (api-contract §8): the raw source. */
export function presentDiscussionEdit(row: DiscussionRow, tagIDs: number[] | null): DiscussionEdit {
  return {
    discussionID: row.discussionID,
    name: row.name,
    body: row.body,
    format: row.format,
    categoryID: row.categoryID,
    sink: row.sink,
    closed: row.closed,
    pinned: row.pinned,
    pinLocation: toPinLocation(row),
    type: row.type,
    ...(tagIDs === null ? {} : { tagIDs }),
  };
}

/** `GET /discussions/{id}/quote` (api-contract §8). */
export function presentDiscussionQuote(
  row: DiscussionRow,
  insertUser: UserFragment,
  baseUrl: string,
): DiscussionQuote {
  return {
    discussionID: row.discussionID,
    name: row.name,
    bodyRaw: row.body,
    dateInserted: toApiDate(row.dateInserted),
    dateUpdated: toApiDate(row.dateUpdated),
    insertUser,
    url: discussionUrl(baseUrl, row.discussionID, row.name),
    format: row.format,
  };
}

/** The default excerpt length. */
export const defaultExcerptLength = DEFAULT_EXCERPT_LENGTH;
