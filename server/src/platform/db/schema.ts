import type { Generated } from 'kysely';
import type {
  EscalationCommentsTable,
  EscalationsTable,
  ReportCountsTable,
  ReportReasonLinksTable,
  ReportReasonsTable,
  ReportsTable,
} from './schema.reports.ts';
import type {
  CollectionRecordsTable,
  CollectionsTable,
  ConversationMessagesTable,
  ConversationParticipantsTable,
  ConversationsTable,
  DraftsTable,
  NotificationPreferencesTable,
  NotificationsTable,
  UserIgnoresTable,
} from './schema.members.ts';
import type { AuditLogsTable, LogsTable } from './schema.logs.ts';

/**
 * Booleans are `boolean` on PostgreSQL and `0 | 1` on SQLite; repos convert with `toBool()`.
 * Dates are ISO-8601 UTC strings on both (SQLite TEXT; PostgreSQL timestamptz parsed to ISO).
 */
export type DbBool = boolean | number;
export type DbDate = string;

export interface UsersTable {
  userID: Generated<number>;
  name: string;
  /** `userNameKey(name)` (NFKC, case folding, TR39 skeleton), unique; null for deleted users (migration 0013). */
  nameKey: string | null;
  email: string | null;
  password: string | null;
  emailConfirmed: Generated<DbBool>;
  showEmail: Generated<DbBool>;
  photo: string | null;
  private: Generated<DbBool>;
  banned: Generated<number>;
  deleted: Generated<DbBool>;
  isAdmin: Generated<DbBool>;
  isSysAdmin: Generated<DbBool>;
  title: string | null;
  /** Plain-text profile fields (migration 0022). */
  location: string | null;
  about: string | null;
  points: Generated<number>;
  countDiscussions: Generated<number>;
  countComments: Generated<number>;
  countVisits: Generated<number>;
  bypassSpam: Generated<DbBool>;
  /** Made by `POST /users/register` (migration 0026): spam rules hold back only such accounts. */
  selfRegistered: Generated<DbBool>;
  insertIPAddress: string | null;
  lastIPAddress: string | null;
  inviteUserID: number | null;
  dateInserted: DbDate;
  dateLastActive: DbDate | null;
  dateUpdated: DbDate | null;
  /** Why the user is banned (migration 0021, api-contract §27.8); null when not banned or none given. */
  banReason: string | null;
  /** When the ban lifts itself (migration 0021); null = until lifted. */
  banDateExpires: DbDate | null;
}

export interface RolesTable {
  roleID: Generated<number>;
  name: string;
  description: string | null;
  type: string | null;
  deletable: Generated<DbBool>;
  canSession: Generated<DbBool>;
  personalInfo: Generated<DbBool>;
  sort: Generated<number>;
  dateInserted: DbDate;
}

export interface UserRolesTable {
  userID: number;
  roleID: number;
}

/**
 * One granted (or explicitly denied) permission of a role. `resourceType` is `global` (resourceID 0)
 * or `category`: resourceID 0 holds the default rows for categories without custom permissions,
 * any other resourceID is a category with custom permissions (a "junction").
 */
export interface RolePermissionsTable {
  roleID: number;
  resourceType: string;
  resourceID: number;
  permission: string;
  granted: DbBool;
}

export interface CategoriesTable {
  categoryID: Generated<number>;
  parentCategoryID: number | null;
  name: string;
  urlcode: string;
  description: Generated<string>;
  displayAs: Generated<string>;
  customPermissions: Generated<DbBool>;
  /** The category whose permission rows apply: itself when customPermissions, else the nearest such ancestor, else -1 (defaults). */
  permissionCategoryID: Generated<number>;
  isArchived: Generated<DbBool>;
  depth: Generated<number>;
  sort: Generated<number>;
  iconUrl: string | null;
  bannerUrl: string | null;
  allowedDiscussionTypes: string | null;
  countCategories: Generated<number>;
  countDiscussions: Generated<number>;
  countComments: Generated<number>;
  countAllDiscussions: Generated<number>;
  countAllComments: Generated<number>;
  countFollowers: Generated<number>;
  insertUserID: number | null;
  dateInserted: DbDate;
  dateUpdated: DbDate | null;
  featured: Generated<DbBool>;
  /** Position in the tree: per level the sort (6 digits) and the category ID (10 digits). */
  treePath: Generated<string>;
  pointsCategoryID: number | null;
  /** The latest post (`lastPost`), kept by the discussions and comments services. */
  lastDiscussionID: number | null;
  lastCommentID: number | null;
  lastPostDate: DbDate | null;
  updateUserID: number | null;
}

/** A user's follow state and notification preferences for one category (migration 0004). */
export interface UserCategoriesTable {
  userID: number;
  categoryID: number;
  followed: Generated<DbBool>;
  dateFollowed: DbDate | null;
  /** JSON object of the preference keys other than `preferences.followed`. */
  preferences: Generated<string>;
}

export interface SessionsTable {
  sessionID: string;
  userID: number;
  transientKey: string;
  persist: Generated<DbBool>;
  ipAddress: string | null;
  userAgent: string | null;
  dateInserted: DbDate;
  dateUpdated: DbDate | null;
  dateExpires: DbDate;
}

export interface AccessTokensTable {
  accessTokenID: Generated<number>;
  userID: number;
  name: string;
  tokenHash: string;
  dateInserted: DbDate;
  dateLastUsed: DbDate | null;
  dateExpires: DbDate;
  dateRevoked: DbDate | null;
}

/** Single-use codes sent by e-mail: e-mail confirmation and password reset. */
export interface UserTokensTable {
  tokenHash: string;
  userID: number;
  purpose: string;
  email: string | null;
  dateInserted: DbDate;
  dateExpires: DbDate;
  dateUsed: DbDate | null;
}

/** Rate-limit counters (sign-in throttle, flood control), shared by every process. */
export interface ThrottlesTable {
  throttleKey: string;
  count: number;
  windowStart: DbDate;
  lockedUntil: DbDate | null;
}

/** Site settings changed at run time (`/config`) and server secrets; values are JSON text. */
export interface ConfigTable {
  configKey: string;
  value: string;
  dateUpdated: DbDate;
}

export interface JobsTable {
  jobID: Generated<number>;
  /** The registered handler's name (platform/jobs `registerJob`). */
  type: string;
  /** JSON of the handler's payload. */
  payload: string;
  /** queued | running | complete | failed (waits for a retry at runAt) | dead. */
  status: string;
  runAt: DbDate;
  attempts: Generated<number>;
  maxAttempts: number;
  /** The worker holding the lease while running. */
  lockedBy: string | null;
  /** The lease's end: past it, another worker may claim the job again. */
  lockedUntil: DbDate | null;
  lastError: string | null;
  /** `jobTrackingID` of a long runner's tracking slip (api-contract §1.11). */
  trackingID: string | null;
  dateInserted: DbDate;
  dateUpdated: DbDate;
  dateCompleted: DbDate | null;
}

export interface MediaTable {
  mediaID: Generated<number>;
  insertUserID: number;
  path: string;
  name: string;
  type: string;
  size: number;
  width: number | null;
  height: number | null;
  foreignType: string | null;
  foreignID: string | null;
  dateInserted: DbDate;
}

/** Discussions (migration 0005). `body`/`format` are the source; `bodyHtml`/`bodyPlainText` its rendering. */
export interface DiscussionsTable {
  discussionID: Generated<number>;
  type: Generated<string>;
  categoryID: number;
  name: string;
  body: string;
  format: string;
  bodyHtml: string;
  bodyPlainText: string;
  insertUserID: number;
  updateUserID: number | null;
  lastCommentID: number | null;
  lastCommentUserID: number | null;
  dateInserted: DbDate;
  dateUpdated: DbDate | null;
  /** Equals dateInserted until the first comment. */
  dateLastComment: DbDate;
  countComments: Generated<number>;
  countViews: Generated<number>;
  countReports: Generated<number>;
  score: Generated<number>;
  /** `-hot` sort key; bigint is returned as a string by pg, so read it through Number(). */
  hot: Generated<number | string>;
  pinned: Generated<DbBool>;
  pinLocation: string | null;
  closed: Generated<DbBool>;
  sink: Generated<DbBool>;
  resolved: Generated<DbBool>;
  resolvedUserID: number | null;
  statusID: Generated<number>;
  internalStatusID: Generated<number>;
  /** accepted | pending | rejected */
  moderationStatus: Generated<string>;
  /** JSON object text. */
  attributes: Generated<string>;
}

/** Comments (migration 0005); parentCommentID/depth for threaded replies, displayType full | tombstone. */
export interface CommentsTable {
  commentID: Generated<number>;
  discussionID: number;
  parentCommentID: number | null;
  depth: Generated<number>;
  countChildComments: Generated<number>;
  scoreChildComments: Generated<number>;
  body: string;
  format: string;
  bodyHtml: string;
  bodyPlainText: string;
  insertUserID: number;
  updateUserID: number | null;
  dateInserted: DbDate;
  dateUpdated: DbDate | null;
  score: Generated<number>;
  countReports: Generated<number>;
  moderationStatus: Generated<string>;
  displayType: Generated<string>;
  attributes: Generated<string>;
}

/** A user's state for one discussion: bookmark, mute, dismissal, read position. */
export interface UserDiscussionsTable {
  userID: number;
  discussionID: number;
  bookmarked: Generated<DbBool>;
  muted: Generated<DbBool>;
  dismissed: Generated<DbBool>;
  participated: Generated<DbBool>;
  dateLastViewed: DbDate | null;
  countCommentsRead: Generated<number>;
  dateBookmarked: DbDate | null;
}

/** Tags: type 'User' for ordinary tags, 'Reaction' for the reaction types' tags. */
export interface TagsTable {
  tagID: Generated<number>;
  name: string;
  urlcode: string;
  type: Generated<string>;
  parentTagID: number | null;
  countDiscussions: Generated<number>;
  insertUserID: number | null;
  dateInserted: DbDate;
}

export interface DiscussionTagsTable {
  discussionID: number;
  tagID: number;
  dateInserted: DbDate;
}

/** Reaction types (spec 000 §3), keyed by their tag. */
export interface ReactionTypesTable {
  tagID: number;
  urlcode: string;
  name: string;
  description: Generated<string>;
  /** Positive | Negative | Flag */
  class: string;
  points: Generated<number>;
  /** +1 Up, -1 Down, 0 others: moves `score`. */
  reactionValue: Generated<number>;
  sort: Generated<number>;
  active: Generated<DbBool>;
  hidden: Generated<DbBool>;
  /** A permission needed on top of `reactions.<class>.add` (Promote: `curation.manage`); migration 0008. */
  permission: string | null;
}

/** One user's reaction to one record (at most one per record). */
export interface ReactionsTable {
  recordType: string;
  recordID: number;
  userID: number;
  tagID: number;
  dateInserted: DbDate;
}

/** Stored count of one reaction type on one record. */
export interface ReactionCountsTable {
  recordType: string;
  recordID: number;
  tagID: number;
  count: Generated<number>;
}

export interface Database {
  users: UsersTable;
  roles: RolesTable;
  userRoles: UserRolesTable;
  rolePermissions: RolePermissionsTable;
  categories: CategoriesTable;
  userCategories: UserCategoriesTable;
  sessions: SessionsTable;
  accessTokens: AccessTokensTable;
  userTokens: UserTokensTable;
  throttles: ThrottlesTable;
  config: ConfigTable;
  jobs: JobsTable;
  media: MediaTable;
  discussions: DiscussionsTable;
  comments: CommentsTable;
  userDiscussions: UserDiscussionsTable;
  tags: TagsTable;
  discussionTags: DiscussionTagsTable;
  reactionTypes: ReactionTypesTable;
  reactions: ReactionsTable;
  reactionCounts: ReactionCountsTable;
  notifications: NotificationsTable;
  notificationPreferences: NotificationPreferencesTable;
  conversations: ConversationsTable;
  conversationParticipants: ConversationParticipantsTable;
  conversationMessages: ConversationMessagesTable;
  userIgnores: UserIgnoresTable;
  logs: LogsTable;
  auditLogs: AuditLogsTable;
  collections: CollectionsTable;
  collectionRecords: CollectionRecordsTable;
  reportReasons: ReportReasonsTable;
  reports: ReportsTable;
  reportReasonLinks: ReportReasonLinksTable;
  reportCounts: ReportCountsTable;
  escalations: EscalationsTable;
  escalationComments: EscalationCommentsTable;
  drafts: DraftsTable;
}
