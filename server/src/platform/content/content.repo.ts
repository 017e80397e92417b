import type { Db } from '../db/db.ts';
import { lowerEquals } from '../db/dialect.ts';

/** A user a body may mention. */
export interface MentionableUser {
  userID: number;
  name: string;
}

/** Live (not deleted) users whose name matches one of `names`, case-insensitively; one query. */
export async function findMentionableUsersByNames(
  db: Db,
  names: readonly string[],
): Promise<MentionableUser[]> {
  if (names.length === 0) return [];
  return db
    .selectFrom('users')
    .select(['userID', 'name'])
    .where((eb) => eb.or(names.map((name) => lowerEquals('name', name))))
    .where('deleted', '=', false)
    .execute();
}

/** Live (not deleted) users among `userIDs`; one query. */
export async function findMentionableUsersByIDs(
  db: Db,
  userIDs: readonly number[],
): Promise<MentionableUser[]> {
  if (userIDs.length === 0) return [];
  return db
    .selectFrom('users')
    .select(['userID', 'name'])
    .where('userID', 'in', [...userIDs])
    .where('deleted', '=', false)
    .execute();
}
