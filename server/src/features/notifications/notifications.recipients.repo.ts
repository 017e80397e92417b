import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { toBool } from '../../platform/db/dialect.ts';

// What the delivering job reads about an event's record and its possible recipients.

type Executor = Kysely<Database>;

/** The post a notification is about, as the job reads it when it delivers. */
export interface NotifiedPost {
  discussionID: number;
  discussionName: string;
  categoryID: number;
  /** The comment (absent for a discussion). */
  commentID?: number;
  insertUserID: number;
  bodyHtml: string;
  bodyPlainText: string;
}

/** A comment with its discussion, or undefined when either is gone or not (or no longer) accepted. */
export async function findNotifiedComment(db: Executor, commentID: number): Promise<(NotifiedPost & { parentCommentID: number | null }) | undefined> {
  const row = await db
    .selectFrom('comments')
    .innerJoin('discussions', 'discussions.discussionID', 'comments.discussionID')
    .select([
      'comments.commentID',
      'comments.discussionID',
      'comments.parentCommentID',
      'comments.insertUserID',
      'comments.bodyHtml',
      'comments.bodyPlainText',
      'discussions.name as discussionName',
      'discussions.categoryID',
    ])
    .where('comments.commentID', '=', commentID)
    .where('comments.moderationStatus', '=', 'accepted')
    .where('discussions.moderationStatus', '=', 'accepted')
    .executeTakeFirst();
  return row;
}

/** A discussion, or undefined when it is gone or not (or no longer) accepted. */
export async function findNotifiedDiscussion(db: Executor, discussionID: number): Promise<NotifiedPost | undefined> {
  return db
    .selectFrom('discussions')
    .select([
      'discussionID',
      'name as discussionName',
      'categoryID',
      'insertUserID',
      'bodyHtml',
      'bodyPlainText',
    ])
    .where('discussionID', '=', discussionID)
    .where('moderationStatus', '=', 'accepted')
    .executeTakeFirst();
}

/** The author of a comment. */
export async function findCommentAuthor(db: Executor, commentID: number): Promise<number | undefined> {
  const row = await db.selectFrom('comments').select('insertUserID').where('commentID', '=', commentID).executeTakeFirst();
  return row?.insertUserID;
}

/** Live users by lower-cased name (the mentions in a rendered body). */
export async function findUserIDsByNames(db: Executor, names: readonly string[]): Promise<number[]> {
  if (names.length === 0) return [];
  const rows = await db
    .selectFrom('users')
    .select(['userID', 'name'])
    .where('deleted', '=', false)
    .where('name', 'in', [...new Set(names)])
    .execute();
  return rows.map((row) => row.userID);
}

/** Users who bookmarked a discussion, and those who muted it. */
export async function findDiscussionWatchers(
  db: Executor,
  discussionID: number,
): Promise<{ bookmarked: number[]; participated: number[]; muted: Set<number> }> {
  const rows = await db
    .selectFrom('userDiscussions')
    .select(['userID', 'bookmarked', 'participated', 'muted'])
    .where('discussionID', '=', discussionID)
    .where((eb) => eb.or([eb('bookmarked', '=', true), eb('participated', '=', true), eb('muted', '=', true)]))
    .execute();
  const result = { bookmarked: [] as number[], participated: [] as number[], muted: new Set<number>() };
  for (const row of rows) {
    if (toBool(row.muted)) result.muted.add(row.userID);
    if (toBool(row.bookmarked)) result.bookmarked.push(row.userID);
    if (toBool(row.participated)) result.participated.push(row.userID);
  }
  return result;
}

/** The authors of a discussion's comments (who took part in it). */
export async function findCommenters(db: Executor, discussionID: number): Promise<number[]> {
  const rows = await db
    .selectFrom('comments')
    .select('insertUserID')
    .distinct()
    .where('discussionID', '=', discussionID)
    .execute();
  return rows.map((row) => row.insertUserID);
}

/** One page of a category's followers after `afterUserID`, by userID, with their preferences JSON. */
export async function findFollowersPage(
  db: Executor,
  categoryID: number,
  afterUserID: number,
  limit: number,
): Promise<{ userID: number; preferences: string }[]> {
  return db
    .selectFrom('userCategories')
    .select(['userID', 'preferences'])
    .where('categoryID', '=', categoryID)
    .where('followed', '=', true)
    .where('userID', '>', afterUserID)
    .orderBy('userID')
    .limit(limit)
    .execute();
}

/** Recipients' addresses: live users with a confirmed e-mail. */
export async function findMailableUsers(db: Executor, userIDs: readonly number[]): Promise<Map<number, { email: string; name: string }>> {
  if (userIDs.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['userID', 'email', 'name'])
    .where('userID', 'in', [...new Set(userIDs)])
    .where('deleted', '=', false)
    .where('emailConfirmed', '=', true)
    .execute();
  const result = new Map<number, { email: string; name: string }>();
  for (const row of rows) if (row.email) result.set(row.userID, { email: row.email, name: row.name });
  return result;
}

/** A user's name (the actor in a notification's body). */
export async function findUserName(db: Executor, userID: number): Promise<string | undefined> {
  const row = await db.selectFrom('users').select('name').where('userID', '=', userID).executeTakeFirst();
  return row?.name;
}

/** The class and name of a reaction type (`Flag` reactions notify no one). */
export async function findReactionType(db: Executor, urlcode: string): Promise<{ name: string; class: string } | undefined> {
  return db.selectFrom('reactionTypes').select(['name', 'class']).where('urlcode', '=', urlcode).executeTakeFirst();
}
