import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';

/** A live user whose name has this `userNameKey`, other than `exceptUserID`. */
export async function findUserIDByNameKey(
  db: Kysely<Database>,
  nameKey: string,
  exceptUserID?: number,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('users')
    .select('userID')
    .where('nameKey', '=', nameKey)
    .$if(exceptUserID !== undefined, (qb) => qb.where('userID', '<>', exceptUserID ?? 0))
    .executeTakeFirst();
  return row?.userID;
}
