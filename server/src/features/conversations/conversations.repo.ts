import { sql, type Kysely } from 'kysely';
import type { ParticipantStatus } from '../../../../common/src/api/conversations.ts';
import type { Database } from '../../platform/db/schema.ts';
import { toBool } from '../../platform/db/dialect.ts';

// `conversations`, `conversationParticipants` (migration 0017).

type Executor = Kysely<Database>;

export interface ConversationRow {
  conversationID: number;
  name: string | null;
  insertUserID: number;
  dateInserted: string;
  countMessages: number;
  countParticipants: number;
  lastMessageID: number | null;
  dateLastMessage: string | null;
}

/** A conversation as one member sees it: with their status and read count (absent for moderators). */
export interface InboxRow extends ConversationRow {
  status?: ParticipantStatus;
  countReadMessages?: number;
}

export interface ParticipantRow {
  conversationID: number;
  userID: number;
  status: ParticipantStatus;
  countReadMessages: number;
  dateInserted: string;
}

const conversationColumns = [
  'conversations.conversationID',
  'conversations.name',
  'conversations.insertUserID',
  'conversations.dateInserted',
  'conversations.countMessages',
  'conversations.countParticipants',
  'conversations.lastMessageID',
  'conversations.dateLastMessage',
] as const;

const participantColumns = ['conversationID', 'userID', 'status', 'countReadMessages', 'dateInserted'] as const;

function toParticipant(row: { status: string } & Omit<ParticipantRow, 'status'>): ParticipantRow {
  return { ...row, status: row.status === 'deleted' ? 'deleted' : 'participating' };
}

/** Inserts a conversation without participants or messages; returns its ID. */
export async function insertConversation(
  db: Executor,
  values: { name: string | null; insertUserID: number; dateInserted: string },
): Promise<number> {
  const row = await db
    .insertInto('conversations')
    .values({ ...values, countMessages: 0, countParticipants: 0 })
    .returning('conversationID')
    .executeTakeFirstOrThrow();
  return row.conversationID;
}

export async function findConversationByID(db: Executor, conversationID: number): Promise<ConversationRow | undefined> {
  return db.selectFrom('conversations').select(conversationColumns).where('conversationID', '=', conversationID).executeTakeFirst();
}

/**
 * Makes users participants (again, for those who had left) and recounts the participants.
 * @returns the users who were not participating before.
 */
export async function addParticipants(
  db: Executor,
  conversationID: number,
  userIDs: readonly number[],
  now: string,
): Promise<number[]> {
  if (userIDs.length === 0) return [];
  const existing = await db
    .selectFrom('conversationParticipants')
    .select(['userID', 'status'])
    .where('conversationID', '=', conversationID)
    .where('userID', 'in', userIDs)
    .execute();
  const participating = new Set(existing.filter((row) => row.status === 'participating').map((row) => row.userID));
  const added = [...new Set(userIDs)].filter((id) => !participating.has(id));
  if (added.length === 0) return [];
  const conversation = await findConversationByID(db, conversationID);
  const activity = conversation?.dateLastMessage ?? conversation?.dateInserted ?? now;
  await db
    .insertInto('conversationParticipants')
    .values(
      added.map((userID) => ({
        conversationID,
        userID,
        status: 'participating',
        countReadMessages: 0,
        dateLastActivity: activity,
        dateInserted: now,
      })),
    )
    .onConflict((oc) => oc.columns(['conversationID', 'userID']).doUpdateSet({ status: 'participating' }))
    .execute();
  await recountParticipants(db, conversationID);
  return added;
}

async function recountParticipants(db: Executor, conversationID: number): Promise<void> {
  await db
    .updateTable('conversations')
    .set({
      countParticipants: sql<number>`(select count(*) from "conversationParticipants" where "conversationID" = ${conversationID} and "status" = 'participating')`,
    })
    .where('conversationID', '=', conversationID)
    .execute();
}

/** Marks a participant as gone (`deleted`) and recounts. */
export async function leaveConversation(db: Executor, conversationID: number, userID: number): Promise<void> {
  await db
    .updateTable('conversationParticipants')
    .set({ status: 'deleted' })
    .where('conversationID', '=', conversationID)
    .where('userID', '=', userID)
    .execute();
  await recountParticipants(db, conversationID);
}

export async function findParticipant(
  db: Executor,
  conversationID: number,
  userID: number,
): Promise<ParticipantRow | undefined> {
  const row = await db
    .selectFrom('conversationParticipants')
    .select(participantColumns)
    .where('conversationID', '=', conversationID)
    .where('userID', '=', userID)
    .executeTakeFirst();
  return row ? toParticipant(row) : undefined;
}

/** A member's conversations (those they take part in), newest activity first (index range). */
export async function findInbox(
  db: Executor,
  userID: number,
  filter: { insertUserID?: number | undefined },
  page: { offset: number; limit: number },
): Promise<InboxRow[]> {
  let query = db
    .selectFrom('conversationParticipants as p')
    .innerJoin('conversations', 'conversations.conversationID', 'p.conversationID')
    .select([...conversationColumns, 'p.status', 'p.countReadMessages'])
    .where('p.userID', '=', userID)
    .where('p.status', '=', 'participating');
  if (filter.insertUserID !== undefined) query = query.where('conversations.insertUserID', '=', filter.insertUserID);
  const rows = await query
    .orderBy('p.dateLastActivity', 'desc')
    .orderBy('p.conversationID', 'desc')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
  return rows.map((row) => ({ ...row, status: row.status === 'deleted' ? 'deleted' : 'participating' }));
}

/** Conversations someone started (moderation), newest first. */
export async function findConversationsStartedBy(
  db: Executor,
  insertUserID: number,
  page: { offset: number; limit: number },
): Promise<InboxRow[]> {
  return db
    .selectFrom('conversations')
    .select(conversationColumns)
    .where('insertUserID', '=', insertUserID)
    .orderBy('conversationID', 'desc')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
}

/** Participants of several conversations in one query, in the order they joined. */
export async function findParticipantsOf(
  db: Executor,
  conversationIDs: readonly number[],
): Promise<Map<number, ParticipantRow[]>> {
  const byConversation = new Map<number, ParticipantRow[]>();
  if (conversationIDs.length === 0) return byConversation;
  const rows = await db
    .selectFrom('conversationParticipants')
    .select(participantColumns)
    .where('conversationID', 'in', [...new Set(conversationIDs)])
    .orderBy('conversationID')
    .orderBy('dateInserted')
    .orderBy('userID')
    .execute();
  for (const row of rows) {
    const list = byConversation.get(row.conversationID) ?? [];
    list.push(toParticipant(row));
    byConversation.set(row.conversationID, list);
  }
  return byConversation;
}

/** One page of a conversation's participants and how many match (numbered pager). */
export async function findParticipantsPage(
  db: Executor,
  conversationID: number,
  status: ParticipantStatus | 'all',
  page: { offset: number; limit: number },
): Promise<{ rows: ParticipantRow[]; total: number }> {
  let base = db.selectFrom('conversationParticipants').where('conversationID', '=', conversationID);
  if (status !== 'all') base = base.where('status', '=', status);
  const rows = await base
    .select(participantColumns)
    .orderBy('dateInserted')
    .orderBy('userID')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
  const total = await base.select((eb) => eb.fn.countAll<number | string>().as('count')).executeTakeFirstOrThrow();
  return { rows: rows.map(toParticipant), total: Number(total.count) };
}

/** Records a new message on its conversation: counters, last message, every member's inbox order. */
export async function recordMessage(
  db: Executor,
  message: { conversationID: number; messageID: number; insertUserID: number; dateInserted: string },
): Promise<void> {
  await db
    .updateTable('conversations')
    .set((eb) => ({
      countMessages: eb('countMessages', '+', 1),
      lastMessageID: message.messageID,
      dateLastMessage: message.dateInserted,
    }))
    .where('conversationID', '=', message.conversationID)
    .execute();
  await db
    .updateTable('conversationParticipants')
    .set({ dateLastActivity: message.dateInserted })
    .where('conversationID', '=', message.conversationID)
    .execute();
  await markConversationRead(db, message.conversationID, message.insertUserID);
}

/** The member has read every message of the conversation. */
export async function markConversationRead(db: Executor, conversationID: number, userID: number): Promise<void> {
  await db
    .updateTable('conversationParticipants')
    .set({
      countReadMessages: sql<number>`(select "countMessages" from "conversations" where "conversationID" = ${conversationID})`,
    })
    .where('conversationID', '=', conversationID)
    .where('userID', '=', userID)
    .execute();
}

/** Conversations with messages the member has not read (me-counts `Conversations`). */
export async function countUnreadConversations(db: Executor, userID: number): Promise<number> {
  const row = await db
    .selectFrom('conversationParticipants as p')
    .innerJoin('conversations', 'conversations.conversationID', 'p.conversationID')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('p.userID', '=', userID)
    .where('p.status', '=', 'participating')
    .whereRef('conversations.countMessages', '>', 'p.countReadMessages')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The live (not deleted) users among `userIDs`. */
export async function findLiveUserIDs(db: Executor, userIDs: readonly number[]): Promise<Set<number>> {
  if (userIDs.length === 0) return new Set();
  const rows = await db
    .selectFrom('users')
    .select(['userID', 'deleted'])
    .where('userID', 'in', [...new Set(userIDs)])
    .execute();
  return new Set(rows.filter((row) => !toBool(row.deleted)).map((row) => row.userID));
}
