import type { Db } from '../../platform/db/db.ts';
import { toBool } from '../../platform/db/dialect.ts';
import {
  permissionSubjectSelection,
  toKnownPermissionSubject,
  type KnownPermissionSubject,
} from '../../permissions/permission-set.repo.ts';
import { fragmentColumns, toUserFragmentRow, type UserFragmentRow } from '../../platform/db/user-fragment.ts';

export interface SessionRow {
  sessionID: string;
  userID: number;
  transientKey: string;
  persist: boolean;
  dateExpires: string;
  dateUpdated: string | null;
  banned: boolean;
  deleted: boolean;
  /** The user's permission subject, read in the same statement (see loadPermissionSet). */
  permissionSubject: KnownPermissionSubject;
  /** The user as other records embed them, read in the same statement. */
  userFragment: UserFragmentRow;
}

/** A live (unexpired) session with its user's ban and deletion state, or null. */
export async function findLiveSession(db: Db, sessionID: string, now: string): Promise<SessionRow | null> {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.userID', 'sessions.userID')
    .select([
      'sessions.sessionID',
      'sessions.userID',
      'sessions.transientKey',
      'sessions.persist',
      'sessions.dateExpires',
      'sessions.dateUpdated',
    ])
    .select(permissionSubjectSelection)
    .select(fragmentColumns)
    .where('sessions.sessionID', '=', sessionID)
    .where('sessions.dateExpires', '>', now)
    .executeTakeFirst();
  if (!row) return null;
  const permissionSubject = toKnownPermissionSubject(row);
  const userFragment = toUserFragmentRow(row);
  return {
    sessionID: row.sessionID,
    userID: row.userID,
    transientKey: row.transientKey,
    persist: toBool(row.persist),
    dateExpires: row.dateExpires,
    dateUpdated: row.dateUpdated,
    banned: permissionSubject.subject.isBanned,
    deleted: permissionSubject.subject.isDeleted,
    permissionSubject,
    userFragment,
  };
}

export async function insertSession(
  db: Db,
  session: { sessionID: string; userID: number; transientKey: string; persist: boolean; ipAddress: string | null; userAgent: string | null; now: string; dateExpires: string },
): Promise<void> {
  await db
    .insertInto('sessions')
    .values({
      sessionID: session.sessionID,
      userID: session.userID,
      transientKey: session.transientKey,
      persist: session.persist,
      ipAddress: session.ipAddress,
      userAgent: session.userAgent,
      dateInserted: session.now,
      dateUpdated: session.now,
      dateExpires: session.dateExpires,
    })
    .execute();
}

/** Marks a session as used now (and the user active), at most once per interval (see sessions.ts). */
export async function touchSession(db: Db, sessionID: string, userID: number, now: string): Promise<void> {
  await db.updateTable('sessions').set({ dateUpdated: now }).where('sessionID', '=', sessionID).execute();
  await db.updateTable('users').set({ dateLastActive: now }).where('userID', '=', userID).execute();
}

export async function deleteSession(db: Db, sessionID: string): Promise<void> {
  await db.deleteFrom('sessions').where('sessionID', '=', sessionID).execute();
}

/** Ends every session of a user (ban, password change, deletion). */
export async function deleteUserSessions(db: Db, userID: number): Promise<void> {
  await db.deleteFrom('sessions').where('userID', '=', userID).execute();
}

/** A session as `GET /sessions` lists it. */
export interface SessionListRow {
  sessionID: string;
  userID: number;
  dateInserted: string;
  dateUpdated: string | null;
  dateExpires: string;
}

function iso(value: string): string;
function iso(value: string | null): string | null;
function iso(value: string | null): string | null {
  return value === null ? null : new Date(value).toISOString();
}

/** A user's sessions, most recently used first; `valid` (unexpired), `invalid` (expired) or both. */
export async function findUserSessions(
  db: Db,
  userID: number,
  filter: 'valid' | 'invalid' | undefined,
  now: string,
  limit: number,
): Promise<SessionListRow[]> {
  let query = db
    .selectFrom('sessions')
    .select(['sessionID', 'userID', 'dateInserted', 'dateUpdated', 'dateExpires'])
    .where('userID', '=', userID);
  if (filter === 'valid') query = query.where('dateExpires', '>', now);
  if (filter === 'invalid') query = query.where('dateExpires', '<=', now);
  const rows = await query.orderBy('dateInserted', 'desc').orderBy('sessionID').limit(limit).execute();
  return rows.map((row) => ({
    sessionID: row.sessionID,
    userID: row.userID,
    dateInserted: iso(row.dateInserted),
    dateUpdated: iso(row.dateUpdated),
    dateExpires: iso(row.dateExpires),
  }));
}

/** Deletes one session of a user; false when the user has no such session. */
export async function deleteSessionOfUser(db: Db, userID: number, sessionID: string): Promise<boolean> {
  const result = await db.deleteFrom('sessions').where('userID', '=', userID).where('sessionID', '=', sessionID).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Drops sessions that expired before `before`. */
export async function deleteExpiredSessions(db: Db, before: string): Promise<void> {
  await db.deleteFrom('sessions').where('dateExpires', '<', before).execute();
}
