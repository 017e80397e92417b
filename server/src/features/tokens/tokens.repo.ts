import type { Db } from '../../platform/db/db.ts';
import {
  permissionSubjectSelection,
  toKnownPermissionSubject,
  type KnownPermissionSubject,
} from '../../permissions/permission-set.repo.ts';
import { fragmentColumns, toUserFragmentRow, type UserFragmentRow } from '../../platform/db/user-fragment.ts';
import { compiledStatement } from '../../platform/db/compiled-statement.ts';

// Every request with a token runs it: built and compiled once (compiled-statement.ts).
const selectActiveTokenOwner = compiledStatement((db, parameters: { tokenHash: string; now: string }) =>
  db
    .selectFrom('accessTokens')
    .innerJoin('users', 'users.userID', 'accessTokens.userID')
    .select(['accessTokens.accessTokenID', 'accessTokens.userID'])
    .select(permissionSubjectSelection)
    .select(fragmentColumns)
    .where('accessTokens.tokenHash', '=', parameters.tokenHash)
    .where('accessTokens.dateRevoked', 'is', null)
    .where('accessTokens.dateExpires', '>', parameters.now),
);

/**
 * The owner of an unrevoked, unexpired access token with this hash, with its ban state and its
 * permission subject (read in the same statement), or null.
 */
export async function findActiveTokenOwner(
  db: Db,
  tokenHash: string,
  now: string,
): Promise<{
  accessTokenID: number;
  userID: number;
  banned: boolean;
  deleted: boolean;
  permissionSubject: KnownPermissionSubject;
  userFragment: UserFragmentRow;
} | null> {
  const [row] = await selectActiveTokenOwner(db, { tokenHash, now });
  if (!row) return null;
  const permissionSubject = toKnownPermissionSubject(row);
  const userFragment = toUserFragmentRow(row);
  return {
    accessTokenID: row.accessTokenID,
    userID: row.userID,
    banned: permissionSubject.subject.isBanned,
    deleted: permissionSubject.subject.isDeleted,
    permissionSubject,
    userFragment,
  };
}

/** Records a token's use (at most once a minute per token, see the caller). */
export async function touchToken(db: Db, accessTokenID: number, now: string): Promise<void> {
  await db.updateTable('accessTokens').set({ dateLastUsed: now }).where('accessTokenID', '=', accessTokenID).execute();
}

/** An `accessTokens` row without its hash, dates as ISO strings. */
export interface AccessTokenRow {
  accessTokenID: number;
  userID: number;
  name: string;
  dateInserted: string;
  dateLastUsed: string | null;
  dateExpires: string;
  dateRevoked: string | null;
}

function iso(value: string | null): string | null {
  return value === null ? null : new Date(value).toISOString();
}

function toRow(row: AccessTokenRow): AccessTokenRow {
  return {
    ...row,
    dateInserted: new Date(row.dateInserted).toISOString(),
    dateLastUsed: iso(row.dateLastUsed),
    dateExpires: new Date(row.dateExpires).toISOString(),
    dateRevoked: iso(row.dateRevoked),
  };
}

const tokenColumns = ['accessTokenID', 'userID', 'name', 'dateInserted', 'dateLastUsed', 'dateExpires', 'dateRevoked'] as const;

export async function insertAccessToken(
  db: Db,
  token: { userID: number; name: string; tokenHash: string; now: string; dateExpires: string },
): Promise<number> {
  const row = await db
    .insertInto('accessTokens')
    .values({ userID: token.userID, name: token.name, tokenHash: token.tokenHash, dateInserted: token.now, dateExpires: token.dateExpires })
    .returning('accessTokenID')
    .executeTakeFirstOrThrow();
  return row.accessTokenID;
}

/** A user's unrevoked, unexpired tokens, newest first. */
export async function findActiveTokensOfUser(db: Db, userID: number, now: string, limit: number): Promise<AccessTokenRow[]> {
  const rows = await db
    .selectFrom('accessTokens')
    .select(tokenColumns)
    .where('userID', '=', userID)
    .where('dateRevoked', 'is', null)
    .where('dateExpires', '>', now)
    .orderBy('accessTokenID', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toRow);
}

export async function findAccessTokenByID(db: Db, accessTokenID: number): Promise<AccessTokenRow | null> {
  const row = await db.selectFrom('accessTokens').select(tokenColumns).where('accessTokenID', '=', accessTokenID).executeTakeFirst();
  return row ? toRow(row) : null;
}

/** Revokes a token (kept for the record; `dateRevoked` set once). */
export async function revokeAccessToken(db: Db, accessTokenID: number, now: string): Promise<void> {
  await db
    .updateTable('accessTokens')
    .set({ dateRevoked: now })
    .where('accessTokenID', '=', accessTokenID)
    .where('dateRevoked', 'is', null)
    .execute();
}
