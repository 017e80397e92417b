import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';

// `conversationMessages` (migration 0017).

type Executor = Kysely<Database>;

export interface MessageRow {
  messageID: number;
  conversationID: number;
  bodyHtml: string;
  bodyPlainText: string;
  insertUserID: number;
  dateInserted: string;
}

const columns = ['messageID', 'conversationID', 'bodyHtml', 'bodyPlainText', 'insertUserID', 'dateInserted'] as const;

export async function insertMessage(
  db: Executor,
  values: Omit<MessageRow, 'messageID'> & { body: string; format: string },
): Promise<MessageRow> {
  return db.insertInto('conversationMessages').values(values).returning(columns).executeTakeFirstOrThrow();
}

export async function findMessageByID(db: Executor, messageID: number): Promise<MessageRow | undefined> {
  return db.selectFrom('conversationMessages').select(columns).where('messageID', '=', messageID).executeTakeFirst();
}

/** Several messages by ID (conversations' last messages), keyed by ID. */
export async function findMessagesByID(db: Executor, messageIDs: readonly number[]): Promise<Map<number, MessageRow>> {
  if (messageIDs.length === 0) return new Map();
  const rows = await db
    .selectFrom('conversationMessages')
    .select(columns)
    .where('messageID', 'in', [...new Set(messageIDs)])
    .execute();
  return new Map(rows.map((row) => [row.messageID, row]));
}

/** A page of messages, newest first: of one conversation, or by one author (optionally both). */
export async function findMessages(
  db: Executor,
  filter: { conversationID?: number | undefined; insertUserID?: number | undefined },
  page: { offset: number; limit: number },
): Promise<MessageRow[]> {
  let query = db.selectFrom('conversationMessages').select(columns);
  if (filter.conversationID !== undefined) query = query.where('conversationID', '=', filter.conversationID);
  if (filter.insertUserID !== undefined) query = query.where('insertUserID', '=', filter.insertUserID);
  return query.orderBy('messageID', 'desc').offset(page.offset).limit(page.limit).execute();
}

/** How many messages match (the numbered pager of GET /messages). */
export async function countMessages(
  db: Executor,
  filter: { conversationID?: number | undefined; insertUserID?: number | undefined },
): Promise<number> {
  let query = db.selectFrom('conversationMessages').select((eb) => eb.fn.countAll<number | string>().as('count'));
  if (filter.conversationID !== undefined) query = query.where('conversationID', '=', filter.conversationID);
  if (filter.insertUserID !== undefined) query = query.where('insertUserID', '=', filter.insertUserID);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.count);
}
