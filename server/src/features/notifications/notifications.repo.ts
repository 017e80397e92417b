import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import type { NotificationsTable } from '../../platform/db/schema.members.ts';
import { toBool } from '../../platform/db/dialect.ts';
import { compiledStatement } from '../../platform/db/compiled-statement.ts';

// `notifications`: one row per recipient per event (migration 0015).

type Executor = Kysely<Database>;

/** A stored notification, booleans decoded. */
export type NotificationRow = Omit<Selectable<NotificationsTable>, 'read' | 'popup' | 'dedupeKey' | 'dateEmailed'> & { read: boolean };

/** A notification as the lists present it: a single row, or the newest row of a batch. */
export interface ListedNotification extends NotificationRow {
  /** Rows in the batch (1 when not batched). */
  count: number;
}

export type NewNotification = Omit<NotificationRow, 'notificationID' | 'read'> & {
  popup: boolean;
  dedupeKey: string;
};

const columns = [
  'notificationID',
  'notifyUserID',
  'activityType',
  'reason',
  'recordType',
  'recordID',
  'discussionID',
  'actorUserID',
  'body',
  'url',
  'read',
  'batchKey',
  'dateInserted',
  'dateUpdated',
] as const;

function toRow(row: Omit<NotificationRow, 'read'> & { read: boolean | number }): NotificationRow {
  return { ...row, read: toBool(row.read) };
}

/**
 * Inserts notifications, skipping recipients who already have one for the same event
 * (`dedupeKey`): a retried job delivers nothing twice. One statement per call.
 * @returns the new rows' IDs by recipient.
 */
export async function insertNotificationsOnce(db: Executor, rows: readonly NewNotification[]): Promise<Map<number, number>> {
  if (rows.length === 0) return new Map();
  const inserted = await db
    .insertInto('notifications')
    .values(rows.map((row) => ({ ...row, read: false })))
    .onConflict((oc) => oc.columns(['notifyUserID', 'dedupeKey']).doNothing())
    .returning(['notificationID', 'notifyUserID'])
    .execute();
  return new Map(inserted.map((row) => [row.notifyUserID, row.notificationID]));
}

/** One notification by ID (e-mail-only ledger rows included only when asked). */
export async function findNotificationByID(db: Executor, notificationID: number): Promise<(NotificationRow & { popup: boolean }) | undefined> {
  const row = await db
    .selectFrom('notifications')
    .select([...columns, 'popup'])
    .where('notificationID', '=', notificationID)
    .executeTakeFirst();
  return row ? { ...toRow(row), popup: toBool(row.popup) } : undefined;
}

/** The notifications among `notificationIDs` whose e-mail has not been sent, by ID. */
export async function findNotificationsToEmail(db: Executor, notificationIDs: readonly number[]): Promise<NotificationRow[]> {
  if (notificationIDs.length === 0) return [];
  const rows = await db
    .selectFrom('notifications')
    .select(columns)
    .where('notificationID', 'in', [...new Set(notificationIDs)])
    .where('dateEmailed', 'is', null)
    .orderBy('notificationID')
    .execute();
  return rows.map(toRow);
}

/** Records that a notification's e-mail was sent. */
export async function markNotificationEmailed(db: Executor, notificationID: number, now: string): Promise<void> {
  await db.updateTable('notifications').set({ dateEmailed: now }).where('notificationID', '=', notificationID).execute();
}

/** A recipient's notifications, newest first, one per row. */
export async function findNotifications(
  db: Executor,
  userID: number,
  page: { offset: number; limit: number },
): Promise<ListedNotification[]> {
  const rows = await db
    .selectFrom('notifications')
    .select(columns)
    .where('notifyUserID', '=', userID)
    .where('popup', '=', true)
    .orderBy('notificationID', 'desc')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
  return rows.map((row) => ({ ...toRow(row), count: 1 }));
}

// The list's statements run on every `GET /notifications`: built and compiled once
// (compiled-statement.ts) instead of by Kysely on each call.
const selectBatchPage = compiledStatement((db, parameters: { userID: number; limit: number; offset: number }) =>
  db
    .selectFrom((eb) =>
      eb
        .selectFrom('notifications')
        .select((inner) => [
          'batchKey',
          inner.fn.max('notificationID').as('latestID'),
          inner.fn.countAll<number | string>().as('count'),
          inner.fn.min(sql<number>`case when ${sql.ref('read')} then 1 else 0 end`).as('allRead'),
        ])
        .where('notifyUserID', '=', parameters.userID)
        .where('popup', '=', true)
        .groupBy('batchKey')
        .orderBy('latestID', 'desc')
        .offset(parameters.offset)
        .limit(parameters.limit)
        .as('page'),
    )
    .innerJoin('notifications', 'notifications.notificationID', 'page.latestID')
    .select(columns.map((column) => `notifications.${column}` as const))
    .select(['page.count', 'page.allRead'])
    .orderBy('page.latestID', 'desc'),
);

/**
 * A recipient's notifications grouped by batch, newest batch first: each batch is presented by its
 * newest row, with the batch's size and read only when every row in it is read. One statement:
 * the page of batches joined to each batch's newest row.
 */
export async function findBatchedNotifications(
  db: Executor,
  userID: number,
  page: { offset: number; limit: number },
): Promise<ListedNotification[]> {
  const rows = await selectBatchPage(db, { userID, limit: page.limit, offset: page.offset });
  return rows.map(({ count, allRead, ...row }) => ({ ...row, read: Number(allRead) === 1, count: Number(count) }));
}

const selectBatchActors = compiledStatement((db, parameters: { userID: number; batchKeys: string[] }) =>
  db
    .selectFrom('notifications')
    .select(['batchKey', 'actorUserID'])
    .where('notifyUserID', '=', parameters.userID)
    .where('batchKey', 'in', parameters.batchKeys)
    .where('popup', '=', true)
    .where('actorUserID', 'is not', null)
    .orderBy('notificationID', 'desc'),
);

/** The distinct actors of some of a recipient's batches, newest first (the batch's `notifyUsers`). */
export async function findBatchActors(
  db: Executor,
  userID: number,
  batchKeys: readonly string[],
): Promise<Map<string, number[]>> {
  const result = new Map<string, number[]>();
  if (batchKeys.length === 0) return result;
  const rows = await selectBatchActors(db, { userID, batchKeys: [...new Set(batchKeys)] });
  for (const row of rows) {
    if (row.actorUserID === null) continue;
    const actors = result.get(row.batchKey);
    if (actors === undefined) result.set(row.batchKey, [row.actorUserID]);
    else if (!actors.includes(row.actorUserID)) actors.push(row.actorUserID);
  }
  return result;
}

/** Marks a recipient's batch read (a single notification is a batch of its own key). */
export async function markBatchRead(db: Executor, userID: number, batchKey: string, now: string): Promise<void> {
  await db
    .updateTable('notifications')
    .set({ read: true, dateUpdated: now })
    .where('notifyUserID', '=', userID)
    .where('batchKey', '=', batchKey)
    .where('read', '=', false)
    .execute();
}

/** Marks every notification of a recipient read. */
export async function markAllRead(db: Executor, userID: number, now: string): Promise<void> {
  await db
    .updateTable('notifications')
    .set({ read: true, dateUpdated: now })
    .where('notifyUserID', '=', userID)
    .where('read', '=', false)
    .execute();
}

/** Unread notifications of a recipient, counting a batch once (what the bell's badge shows). */
export async function countUnreadNotifications(db: Executor, userID: number): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.count<number | string>('batchKey').distinct().as('count'))
    .where('notifyUserID', '=', userID)
    .where('read', '=', false)
    .where('popup', '=', true)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** Discussions for `expand=discussion`: ID, name and category. */
export async function findNotificationDiscussions(
  db: Executor,
  discussionIDs: readonly number[],
): Promise<Map<number, { discussionID: number; name: string; categoryID: number }>> {
  if (discussionIDs.length === 0) return new Map();
  const rows = await db
    .selectFrom('discussions')
    .select(['discussionID', 'name', 'categoryID'])
    .where('discussionID', 'in', [...new Set(discussionIDs)])
    .execute();
  return new Map(rows.map((row) => [row.discussionID, row]));
}

/**
 * A recipient's in-app notifications newer than `afterID`, oldest first (what a live stream has
 * not sent yet; features/live).
 */
export async function findNotificationsAfter(
  db: Executor,
  userID: number,
  afterID: number,
  limit: number,
): Promise<ListedNotification[]> {
  const rows = await db
    .selectFrom('notifications')
    .select(columns)
    .where('notifyUserID', '=', userID)
    .where('popup', '=', true)
    .where('notificationID', '>', afterID)
    .orderBy('notificationID', 'asc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...toRow(row), count: 1 }));
}

/** The newest notification ID of a recipient (0 when none): where a new live stream starts. */
export async function findLatestNotificationID(db: Executor, userID: number): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.max('notificationID').as('latestID'))
    .where('notifyUserID', '=', userID)
    .executeTakeFirst();
  return Number(row?.latestID ?? 0);
}
