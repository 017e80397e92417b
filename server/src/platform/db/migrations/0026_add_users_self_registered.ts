import { sql, type Kysely } from 'kysely';
import { columns } from '../dialect.ts';

/**
 * Issue 17 (spam defence): `users.selfRegistered`, true for an account made by `POST
 * /users/register`. Only those accounts meet the rules that hold back new, untrusted accounts
 * (first posts, link limit); accounts an administrator created (`POST /users`), the first
 * administrator and imported ones are vouched for (api-contract §27.2). Existing accounts made by
 * registration are the ones with an insert IP address (`POST /users` and setup store none).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const c = columns(db);
  await db.schema.alterTable('users').addColumn('selfRegistered', c.bool, c.defaultFalse).execute();
  await sql`update "users" set "selfRegistered" = ${c.bool === 'boolean' ? sql`true` : sql`1`} where "insertIPAddress" is not null`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
