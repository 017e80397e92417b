import type { Generated } from 'kysely';
import type { DbBool, DbDate } from './schema.ts';

// Tables of members' own records: notifications and their preferences, conversations, the ignore list, collections, drafts (see schema.ts).

/** One notification of one recipient (migration 0015, api-contract §4). */
export interface NotificationsTable {
  notificationID: Generated<number>;
  notifyUserID: number;
  /** Vanilla's activity type: Mention, CommentReply, BookmarkComment, Participated, NewDiscussion, NewComment, Reaction. */
  activityType: string;
  reason: string | null;
  recordType: string;
  recordID: number;
  discussionID: number | null;
  /** Who caused it (the batch's `notifyUsers`, the photo). */
  actorUserID: number | null;
  /** HTML built with the escaper when delivered. */
  body: string;
  /** The target, relative to the site (`/discussion/comment/12#Comment_12`). */
  url: string;
  read: Generated<DbBool>;
  /** False for an e-mail-only delivery: kept as the ledger, never listed or counted. */
  popup: Generated<DbBool>;
  /** Rows with the same key form one batched notification (`shouldBatch`). */
  batchKey: string;
  /** The event that caused it: a recipient gets at most one row per key (idempotent delivery). */
  dedupeKey: string;
  dateInserted: DbDate;
  dateUpdated: DbDate;
  /** When its e-mail was sent (migration 0025): a batch run again skips it. */
  dateEmailed: DbDate | null;
}

/** A user's notification preferences (migration 0015); userID 0 holds the site defaults. */
export interface NotificationPreferencesTable {
  userID: number;
  /** JSON object: activity type → {email?, popup?}. */
  preferences: string;
  language: string | null;
  dateUpdated: DbDate;
}

/** A private conversation (migration 0017, api-contract §5); counters kept with each message. */
export interface ConversationsTable {
  conversationID: Generated<number>;
  /** The subject; null when none was given (the participants' names stand in). */
  name: string | null;
  insertUserID: number;
  dateInserted: DbDate;
  countMessages: Generated<number>;
  countParticipants: Generated<number>;
  lastMessageID: number | null;
  dateLastMessage: DbDate | null;
}

/** A member of a conversation (migration 0017): `participating` or `deleted` (left). */
export interface ConversationParticipantsTable {
  conversationID: number;
  userID: number;
  status: Generated<string>;
  /** Messages read: the unread count is the conversation's countMessages minus this. */
  countReadMessages: Generated<number>;
  /** The conversation's latest activity, copied here so the inbox is an index range. */
  dateLastActivity: DbDate;
  dateInserted: DbDate;
}

/** A message of a conversation (migration 0017). */
export interface ConversationMessagesTable {
  messageID: Generated<number>;
  conversationID: number;
  body: string;
  format: string;
  bodyHtml: string;
  bodyPlainText: string;
  insertUserID: number;
  dateInserted: DbDate;
}

/** `userID` ignores `ignoredUserID` (migration 0017): no notifications from their messages or mentions. */
export interface UserIgnoresTable {
  userID: number;
  ignoredUserID: number;
  dateInserted: DbDate;
}

/** A curated collection (migration 0022, api-contract §12). */
export interface CollectionsTable {
  collectionID: Generated<number>;
  name: string;
  insertUserID: number;
  updateUserID: number | null;
  dateInserted: DbDate;
  dateUpdated: DbDate | null;
}

/** A record of a collection (migration 0022). */
export interface CollectionRecordsTable {
  collectionID: number;
  recordType: string;
  recordID: number;
  sort: Generated<number>;
  dateAddedToCollection: DbDate;
}

/** A member's unpublished post (migration 0019, api-contract §23). */
export interface DraftsTable {
  draftID: Generated<number>;
  recordType: string;
  recordID: number | null;
  parentRecordType: string | null;
  parentRecordID: number | null;
  /** The client's `attributes` as JSON. */
  attributes: string;
  insertUserID: number;
  dateInserted: DbDate;
  updateUserID: number | null;
  dateUpdated: DbDate | null;
  /** draft, scheduled, error, or publishing while its job publishes it. */
  draftStatus: Generated<string>;
  dateScheduled: DbDate | null;
  failedReason: string | null;
}
