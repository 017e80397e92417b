/**
 * The user fragment (api-contract §1.14) every record embeds as its author, insert or update
 * user: its columns, its row, and the batched lookup. It lives here, below the features, because
 * every feature's repository joins it (sessions, tokens, comments, categories, reactions…) and a
 * feature must not import another feature's repository.
 */
import type { Kysely } from 'kysely';
import { toBool } from './dialect.ts';
import type { Database } from './schema.ts';
import { compiledStatement } from './compiled-statement.ts';

/** What a UserFragment needs (api-contract §1.14). */
export interface UserFragmentRow {
  userID: number;
  name: string;
  photo: string | null;
  title: string | null;
  banned: number;
  private: boolean;
  deleted: boolean;
  dateLastActive: string | null;
}

/** The columns of a UserFragmentRow (also read by the token and session lookups for the actor). */
export const fragmentColumns = [
  'users.userID',
  'users.name',
  'users.photo',
  'users.title',
  'users.banned',
  'users.private',
  'users.deleted',
  'users.dateLastActive',
] as const;

type Bool = boolean | number;

// Every list and record read runs it: built and compiled once per list length (compiled-statement.ts).
const selectFragments = compiledStatement((db, parameters: { ids: number[] }) =>
  db.selectFrom('users').select(fragmentColumns).where('users.userID', 'in', parameters.ids),
);

/**
 * Fragment rows of several users in one query (no N+1), keyed by userID. Missing IDs are absent;
 * deleted users are present with `deleted: true` (their presenter renders the placeholder).
 */
export async function findUserFragmentRows(
  db: Kysely<Database>,
  userIDs: readonly number[],
): Promise<Map<number, UserFragmentRow>> {
  const ids = [...new Set(userIDs.filter((id) => id > 0))];
  if (ids.length === 0) return new Map();
  const rows = await selectFragments(db, { ids });
  return new Map(rows.map((row) => [row.userID, toUserFragmentRow(row)]));
}

/** A row of fragmentColumns as a UserFragmentRow. */
export function toUserFragmentRow(row: {
  userID: number;
  name: string;
  photo: string | null;
  title: string | null;
  banned: number;
  private: Bool;
  deleted: Bool;
  dateLastActive: string | null;
}): UserFragmentRow {
  return {
    userID: row.userID,
    name: row.name,
    photo: row.photo,
    title: row.title,
    banned: row.banned,
    private: toBool(row.private),
    deleted: toBool(row.deleted),
    dateLastActive: row.dateLastActive,
  };
}
