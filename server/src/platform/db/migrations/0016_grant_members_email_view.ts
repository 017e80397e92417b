import { sql, type Kysely } from 'kysely';

/**
 * Issue 13, api-contract §6: the default member role holds `email.view` (Vanilla's
 * Garden.Email.View: the member may receive e-mail notifications and choose them in the
 * preferences). Installs made before this grant gain it on their member-type roles; a role that
 * already has an `email.view` row (granted or not) keeps what its administrator chose.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    insert into "rolePermissions" ("roleID", "resourceType", "resourceID", "permission", "granted")
    select "roleID", 'global', 0, 'email.view', ${true}
    from "roles"
    where "type" = 'member'
      and not exists (
        select 1 from "rolePermissions" as "existing"
        where "existing"."roleID" = "roles"."roleID"
          and "existing"."resourceType" = 'global'
          and "existing"."permission" = 'email.view'
      )`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
