/**
 * The fields of the API records the discussion page reads (api-contract §1.14, §8, §9, §10). They
 * are structural subsets of the `common/src/api` schemas' types, so hydrated widget props and API
 * answers fit them as they are.
 */

/** UserFragment (api-contract §1.14). */
export interface UserFragmentLike {
  userID: number;
  name: string;
  url?: string | undefined;
  photoUrl?: string | null | undefined;
  title?: string | null | undefined;
  label?: string | null | undefined;
  banned?: number | boolean | undefined;
}

/** ReactionSummary item (api-contract §1.14). */
export interface ReactionSummaryItem {
  tagID: number;
  urlcode: string;
  name: string;
  class: string;
  hasReacted?: boolean | undefined;
  reactionValue?: number | undefined;
  photoUrl?: string | undefined;
  count: number;
}

/** TagFragment (api-contract §1.14); `type` 'User' marks an ordinary user tag. */
export interface TagFragmentLike {
  tagID: number;
  name: string;
  urlcode?: string | undefined;
  type?: string | null | undefined;
  url?: string | undefined;
}

export interface CategoryFragmentLike {
  categoryID: number;
  name: string;
  url: string;
}

export interface BreadcrumbLike {
  name: string;
  url: string;
}

/** The record `permissions` map of a discussion (api-contract §8). */
export type RecordPermissions = Partial<Record<string, boolean>>;

/** A discussion as `GET /discussions/{id}?expand=all` returns it (api-contract §8). */
export interface DiscussionRecord {
  discussionID: number;
  type?: string | null | undefined;
  name: string;
  body?: string | undefined;
  url: string;
  categoryID: number;
  category?: CategoryFragmentLike | null | undefined;
  breadcrumbs?: readonly BreadcrumbLike[] | undefined;
  dateInserted: string;
  dateUpdated?: string | null | undefined;
  dateLastComment?: string | null | undefined;
  insertUserID: number;
  insertUser?: UserFragmentLike | undefined;
  updateUserID?: number | null | undefined;
  pinned?: boolean | undefined;
  pinLocation?: string | null | undefined;
  closed: boolean;
  sink: boolean;
  resolved?: boolean | undefined;
  bookmarked?: boolean | undefined;
  dismissed?: boolean | undefined;
  muted?: boolean | undefined;
  countComments: number;
  countViews?: number | undefined;
  score?: number | null | undefined;
  statusID?: number | undefined;
  reactions?: readonly ReactionSummaryItem[] | undefined;
  tags?: readonly TagFragmentLike[] | undefined;
  countReports?: number | undefined;
  permissions?: RecordPermissions | undefined;
}

/** A comment (api-contract §9). Tombstones carry `displayType: 'tombstone'` and an empty body. */
export interface CommentRecord {
  commentID: number;
  discussionID?: number | undefined;
  parentRecordType?: string | undefined;
  parentRecordID?: number | undefined;
  parentCommentID?: number | null | undefined;
  depth?: number | undefined;
  countChildComments?: number | undefined;
  body?: string | undefined;
  url: string;
  categoryID?: number | undefined;
  dateInserted: string;
  dateUpdated?: string | null | undefined;
  insertUserID: number;
  insertUser?: UserFragmentLike | undefined;
  updateUserID?: number | null | undefined;
  score?: number | null | undefined;
  reactions?: readonly ReactionSummaryItem[] | undefined;
  countReports?: number | undefined;
  reportMeta?: { countReports?: number | undefined } | null | undefined;
  displayType?: string | undefined;
  moderationStatus?: string | undefined;
  permissions?: RecordPermissions | undefined;
}

/** An item of `threadStructure` (api-contract §9 GET /comments/thread). */
export type ThreadItem =
  | {
      type: 'comment';
      commentID: number;
      parentCommentID: number | null;
      depth: number;
      children?: ThreadItem[] | undefined;
    }
  | {
      type: 'hole';
      parentCommentID: number | null;
      depth: number;
      countAllComments: number;
      countAllInsertUsers?: number | undefined;
      insertUsers?: readonly UserFragmentLike[] | undefined;
      apiUrl: string;
      offset?: number | undefined;
    };

/** `GET /comments/thread` (api-contract §9). */
export interface CommentThreadData {
  threadStructure: ThreadItem[];
  commentsByID: Record<string, CommentRecord>;
}

/** Paging props the layout hydrates for lists and threads. */
export interface PagingProps {
  page: number;
  limit: number;
  total: number;
}
