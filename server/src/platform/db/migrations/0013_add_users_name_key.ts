import { sql, type Kysely } from 'kysely';
import { userNameKey } from '../../../features/users/user-names.ts';

/**
 * Issue 11 item 11: user names are compared by `userNameKey` (NFKC, case folding, the Unicode
 * TR39 skeleton), so 'ａｄｍｉｎ' and Cyrillic 'аdmin' are the name 'admin'. The key is a column
 * with a unique index (null for deleted users, whose names are free again). Existing names are
 * keyed oldest first; a later name that looks like an earlier one keeps a null key (it stays
 * usable, but no new name is compared against it) rather than failing the upgrade.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('nameKey', 'text').execute();
  const users = await sql<{ userID: number; name: string }>`
    select "userID", "name" from "users" where "deleted" = ${false} order by "userID"`.execute(db);
  const seen = new Set<string>();
  for (const user of users.rows) {
    const key = userNameKey(user.name);
    if (seen.has(key)) continue;
    seen.add(key);
    await sql`update "users" set "nameKey" = ${key} where "userID" = ${user.userID}`.execute(db);
  }
  await db.schema.createIndex('users_name_key').on('users').column('nameKey').unique().execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
