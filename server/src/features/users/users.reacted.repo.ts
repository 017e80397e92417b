import { sql, type Kysely, type SqlBool } from 'kysely';
import type { CategoryScope } from '../../permissions/category-scope.ts';
import type { Database } from '../../platform/db/schema.ts';

/** A post by the user that received reactions. */
export interface ReactedRow {
  recordType: 'discussion' | 'comment';
  recordID: number;
  name: string;
  body: string;
  format: string;
  insertUserID: number;
  updateUserID: number | null;
  dateInserted: string;
  dateUpdated: string | null;
}

/** The tag ID of a reaction type by its urlcode (case-insensitive). */
export async function findReactionTagID(
  db: Kysely<Database>,
  urlcode: string,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('reactionTypes')
    .select('tagID')
    .where(sql<SqlBool>`lower("urlcode") = lower(${urlcode})`)
    .executeTakeFirst();
  return row?.tagID;
}

function scopeSql(scope: CategoryScope) {
  if (scope.all) return sql<SqlBool>`1 = 1`;
  if (scope.permissionCategoryIDs.length === 0) return sql<SqlBool>`1 = 0`;
  return sql<SqlBool>`c."permissionCategoryID" in (${sql.join(scope.permissionCategoryIDs)})`;
}

/**
 * Discussions and comments by `userID` with at least one reaction (of `tagID` when given), in
 * categories of `scope`, accepted only, newest first. Each half walks the author's index
 * (`discussions_user_list`, `comments_user_list`) and checks the stored reaction counts.
 */
export async function findReactedPosts(
  db: Kysely<Database>,
  input: { userID: number; tagID?: number | undefined; scope: CategoryScope; offset: number; limit: number },
): Promise<ReactedRow[]> {
  const tag = input.tagID === undefined ? sql`` : sql` and rc."tagID" = ${input.tagID}`;
  const scope = scopeSql(input.scope);
  const result = await sql<ReactedRow>`
    select * from (
      select 'discussion' as "recordType", d."discussionID" as "recordID", d."name", d."bodyHtml" as "body",
        d."format", d."insertUserID", d."updateUserID", d."dateInserted", d."dateUpdated"
      from "discussions" d
      join "categories" c on c."categoryID" = d."categoryID"
      where d."insertUserID" = ${input.userID} and d."moderationStatus" = 'accepted' and ${scope}
        and exists (select 1 from "reactionCounts" rc where rc."recordType" = 'discussion'
          and rc."recordID" = d."discussionID" and rc."count" > 0${tag})
      union all
      select 'comment' as "recordType", cm."commentID" as "recordID", d."name", cm."bodyHtml" as "body",
        cm."format", cm."insertUserID", cm."updateUserID", cm."dateInserted", cm."dateUpdated"
      from "comments" cm
      join "discussions" d on d."discussionID" = cm."discussionID"
      join "categories" c on c."categoryID" = d."categoryID"
      where cm."insertUserID" = ${input.userID} and cm."moderationStatus" = 'accepted'
        and d."moderationStatus" = 'accepted' and ${scope}
        and exists (select 1 from "reactionCounts" rc where rc."recordType" = 'comment'
          and rc."recordID" = cm."commentID" and rc."count" > 0${tag})
    ) as "reacted"
    order by "dateInserted" desc, "recordID" desc
    limit ${input.limit} offset ${input.offset}`.execute(db);
  return result.rows.map((row) => ({
    ...row,
    recordID: Number(row.recordID),
    dateInserted: String(row.dateInserted),
    dateUpdated: row.dateUpdated === null ? null : String(row.dateUpdated),
  }));
}
