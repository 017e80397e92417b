import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { lowerEquals, toBool } from '../../platform/db/dialect.ts';
import { userNameKey } from '../users/user-names.ts';

/** The database or an open transaction. */
type Executor = Kysely<Database>;

/** A user as the account calls need it. Only this repo reads the password hash (CONVENTIONS §4). */
export interface AccountRow {
  userID: number;
  name: string;
  email: string | null;
  passwordHash: string | null;
  emailConfirmed: boolean;
  banned: boolean;
  deleted: boolean;
  private: boolean;
  photo: string | null;
  title: string | null;
  dateLastActive: string | null;
}

const accountColumns = [
  'userID',
  'name',
  'email',
  'password',
  'emailConfirmed',
  'banned',
  'deleted',
  'private',
  'photo',
  'title',
  'dateLastActive',
] as const;

function toAccount(row: {
  userID: number;
  name: string;
  email: string | null;
  password: string | null;
  emailConfirmed: boolean | number;
  banned: number;
  deleted: boolean | number;
  private: boolean | number;
  photo: string | null;
  title: string | null;
  dateLastActive: string | null;
}): AccountRow {
  return {
    userID: row.userID,
    name: row.name,
    email: row.email,
    passwordHash: row.password,
    emailConfirmed: toBool(row.emailConfirmed),
    banned: row.banned !== 0,
    deleted: toBool(row.deleted),
    private: toBool(row.private),
    photo: row.photo,
    title: row.title,
    dateLastActive: row.dateLastActive === null ? null : new Date(row.dateLastActive).toISOString(),
  };
}

/** The user whose name or e-mail is `nameOrEmail` (case-insensitive), or null. */
export async function findAccountByNameOrEmail(db: Executor, nameOrEmail: string): Promise<AccountRow | null> {
  const byName = await db.selectFrom('users').select(accountColumns).where(lowerEquals('name', nameOrEmail)).executeTakeFirst();
  if (byName) return toAccount(byName);
  const byEmail = await db.selectFrom('users').select(accountColumns).where(lowerEquals('email', nameOrEmail)).executeTakeFirst();
  return byEmail ? toAccount(byEmail) : null;
}

export async function findAccountByID(db: Executor, userID: number): Promise<AccountRow | null> {
  const row = await db.selectFrom('users').select(accountColumns).where('userID', '=', userID).executeTakeFirst();
  return row ? toAccount(row) : null;
}

/** Which of a name and an e-mail are already taken (case-insensitive, as the unique indexes see it). */
export async function findTakenNameAndEmail(db: Executor, name: string, email: string): Promise<{ name: boolean; email: boolean }> {
  const [byName, byEmail] = await Promise.all([
    db.selectFrom('users').select('userID').where(lowerEquals('name', name)).executeTakeFirst(),
    db.selectFrom('users').select('userID').where(lowerEquals('email', email)).executeTakeFirst(),
  ]);
  return { name: byName !== undefined, email: byEmail !== undefined };
}

/** Role IDs of a default role type (`member`, `unconfirmed`…). */
export async function findRoleIDsByType(db: Executor, type: string): Promise<number[]> {
  const rows = await db.selectFrom('roles').select('roleID').where('type', '=', type).orderBy('roleID').execute();
  return rows.map((row) => row.roleID);
}

/** Inserts a registered user (not confirmed, not admin) and returns its ID. */
export async function insertAccount(
  db: Executor,
  input: { name: string; email: string; passwordHash: string; ipAddress: string | null; now: string },
): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({
      name: input.name,
      nameKey: userNameKey(input.name),
      email: input.email,
      password: input.passwordHash,
      emailConfirmed: false,
      insertIPAddress: input.ipAddress,
      lastIPAddress: input.ipAddress,
      selfRegistered: true,
      dateInserted: input.now,
    })
    .returning('userID')
    .executeTakeFirstOrThrow();
  return row.userID;
}

export async function insertUserRoles(db: Executor, userID: number, roleIDs: readonly number[]): Promise<void> {
  if (roleIDs.length === 0) return;
  await db
    .insertInto('userRoles')
    .values(roleIDs.map((roleID) => ({ userID, roleID })))
    .onConflict((oc) => oc.columns(['userID', 'roleID']).doNothing())
    .execute();
}

/** Removes the user's roles among `roleIDs`; answers how many were removed. */
export async function deleteUserRoles(db: Executor, userID: number, roleIDs: readonly number[]): Promise<number> {
  if (roleIDs.length === 0) return 0;
  const result = await db.deleteFrom('userRoles').where('userID', '=', userID).where('roleID', 'in', [...roleIDs]).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Marks the e-mail confirmed, only if it is still `email` (it may have changed since the code was sent). */
export async function markEmailConfirmed(db: Executor, userID: number, email: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ emailConfirmed: true, dateUpdated: now })
    .where('userID', '=', userID)
    .where('email', '=', email)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function updatePasswordHash(db: Executor, userID: number, passwordHash: string, now: string): Promise<void> {
  await db.updateTable('users').set({ password: passwordHash, dateUpdated: now }).where('userID', '=', userID).execute();
}

/** A successful sign-in: last activity, last IP address and the visit count. */
export async function recordSignIn(db: Executor, userID: number, ipAddress: string | null, now: string): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({ dateLastActive: now, lastIPAddress: ipAddress, countVisits: eb('countVisits', '+', 1) }))
    .where('userID', '=', userID)
    .execute();
}
