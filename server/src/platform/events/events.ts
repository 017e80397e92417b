import type { GuestCacheChange } from '../guest-cache.ts';

// Domain events (CONVENTIONS §6): noun + past verb, emitted by services after their transaction
// commits. Payloads carry IDs, never content: a subscriber reads what it needs, with its own
// permission checks, and a payload stays far below PostgreSQL's 8,000-byte NOTIFY limit.

/** What a discussion or comment lives in: where a subscriber looks for followers and permissions. */
interface PostPlace {
  discussionID: number;
  categoryID: number;
}

/** In-process caches another process must empty when this one writes (docs/architecture.md). */
export const cacheNames = ['guest', 'settings'] as const;
export type CacheName = (typeof cacheNames)[number];

/** The most user IDs one `notificationsAdded` event names (a 7-digit ID list stays near 4 KB). */
export const NOTIFIED_USERS_PER_EVENT = 400;

/** The event map: every event's name and payload type. */
export interface DomainEvents {
  /** `silent`: a scheduled draft published silently (api-contract §23): nobody is notified. */
  commentAdded: PostPlace & { commentID: number; insertUserID: number; parentCommentID: number | null; silent?: boolean };
  commentEdited: PostPlace & { commentID: number; updateUserID: number };
  commentDeleted: PostPlace & { commentID: number; deleteUserID: number };
  /** `silent`: a scheduled draft published silently (api-contract §23): nobody is notified. */
  discussionAdded: PostPlace & { insertUserID: number; silent?: boolean };
  discussionEdited: PostPlace & { updateUserID: number };
  /** `categoryID` is where the discussion is now, `fromCategoryID` where it was. */
  discussionMoved: PostPlace & { fromCategoryID: number; updateUserID: number };
  discussionDeleted: PostPlace & { deleteUserID: number };
  /** Issue 13: a private message was added to a conversation (api-contract §5). */
  messageAdded: { conversationID: number; messageID: number; insertUserID: number };
  reactionAdded: {
    recordType: 'discussion' | 'comment';
    recordID: number;
    /** The reaction type's url code (`Like`, `Spam`…). */
    reactionType: string;
    userID: number;
  };
  /**
   * A write emptied (part of) an in-process cache; other processes empty theirs. `change` narrows
   * a guest-cache invalidation to what it names (absent: everything).
   */
  cacheInvalidated: { cache: CacheName; change?: GuestCacheChange | undefined };
  /** A process enqueued jobs of these types: the others' workers look now, not at their next poll. */
  jobsEnqueued: { types: string[] };
  /** Issue 17: a member reported a record (moderators of its category are notified). */
  reportAdded: { reportID: number; recordType: 'discussion' | 'comment'; recordID: number; categoryID: number; insertUserID: number };
  /**
   * Issue 13 (live updates): these users received new in-app notifications (at most
   * `NOTIFIED_USERS_PER_EVENT` per event, so a message stays under the NOTIFY limit).
   */
  notificationsAdded: { userIDs: number[] };
  /** Issue 13: a user read notifications (their other tabs' badges follow). */
  notificationsRead: { userID: number };
}

export type EventName = keyof DomainEvents;

/** One event as it travels between processes. */
export interface EventEnvelope<K extends EventName = EventName> {
  name: K;
  payload: DomainEvents[K];
}
