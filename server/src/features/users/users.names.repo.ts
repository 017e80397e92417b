import type { Kysely } from 'kysely';
import { lowerEquals } from '../../platform/db/dialect.ts';
import type { Database } from '../../platform/db/schema.ts';

/** The database or an open transaction. */
type Executor = Kysely<Database>;

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

/**
 * Which of a name and an e-mail are already used by another account (case-insensitive).
 * Deleted accounts keep no name or e-mail, so they never conflict.
 */
export async function findNameOrEmailConflicts(
  db: Executor,
  input: {
    name?: string | undefined;
    email?: string | undefined;
    exceptUserID?: number | undefined;
  },
): Promise<{ nameTaken: boolean; emailTaken: boolean }> {
  const { name, email, exceptUserID } = input;
  const taken = async (column: 'name' | 'email', value: string | undefined): Promise<boolean> => {
    if (value === undefined) return false;
    const row = await db
      .selectFrom('users')
      .select('userID')
      .where(lowerEquals(column, value))
      .$if(exceptUserID !== undefined, (qb) => qb.where('userID', '<>', exceptUserID ?? 0))
      .executeTakeFirst();
    return row !== undefined;
  };
  const [nameTaken, emailTaken] = await Promise.all([taken('name', name), taken('email', email)]);
  return { nameTaken, emailTaken };
}

/** Which unique index a failed insert or update violated: `name`, `email`, or null for another error. */
export function uniqueViolationOf(error: unknown): 'name' | 'email' | null {
  if (!(error instanceof Error)) return null;
  const details = error as Error & { code?: string; constraint?: string };
  const text = `${details.constraint ?? ''} ${details.message}`;
  const isUnique = details.code === '23505' || /UNIQUE constraint failed/i.test(details.message);
  if (!isUnique) return null;
  if (
    text.includes('users_name_lower') ||
    text.includes('users_name_key') ||
    /users\.name|lower\("?name"?\)/i.test(text)
  )
    return 'name';
  if (text.includes('users_email_lower') || /users\.email|lower\("?email"?\)/i.test(text))
    return 'email';
  return null;
}
