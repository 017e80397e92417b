import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/db.ts';
import { escapeLike } from '../db/dialect.ts';
import type { DateBound, SearchHit, SearchRecordType, SearchRequest } from './search-engine.ts';
import type { SearchTerms } from './search-text.ts';

type Fragment = RawBuilder<unknown>;

/**
 * A word match two ways: `join` (with its `joinedRank`) narrows the posts to the matches; `where`
 * and `rank` stand alone, for when other conditions may match instead (`or` with CJK runs).
 */
export interface WordMatch {
  join: Fragment | null;
  joinedRank: Fragment;
  where: Fragment;
  rank: Fragment;
}

/** What differs between the databases' full-text engines: the text match and its rank. */
export interface TextSql {
  /**
   * The full-text part of a post query for `words` (no CJK substrings): a join or condition on the
   * post alias (`d` discussions, `cm` comments) and its rank (higher is better).
   */
  wordMatch(
    kind: 'discussion' | 'comment',
    words: { text: readonly string[]; name: readonly string[] },
    operator: 'and' | 'or',
    prefixLast: boolean,
  ): WordMatch;
  /** A substring condition on the post's text (CJK). */
  substring(kind: 'discussion' | 'comment', needle: string): Fragment;
  /** Days between `now` and a date column, never negative. */
  ageDays(column: Fragment, now: string): Fragment;
  /** True/false literals as the database stores booleans. */
  readonly isTrue: (column: Fragment) => Fragment;
}

const r = (name: string): Fragment => sql.ref(name) as Fragment;
const list = (values: readonly (number | string)[]): Fragment =>
  sql.join(values.map((value) => sql`${value}`));
const and = (parts: Fragment[]): Fragment =>
  parts.length === 0 ? sql`1 = 1` : sql`(${sql.join(parts, sql` and `)})`;
const or = (parts: Fragment[]): Fragment =>
  parts.length === 0 ? sql`1 = 0` : sql`(${sql.join(parts, sql` or `)})`;

function dateConditions(column: string, bounds: readonly DateBound[] | undefined): Fragment[] {
  return (bounds ?? []).map((bound) => sql`${r(column)} ${sql.raw(bound.op)} ${bound.value}`);
}

/** Posts' shared scope: visible categories, category filter, tags, authors, dates. */
function postScope(
  request: SearchRequest,
  isTrue: TextSql['isTrue'],
  authorColumn: string,
  dateColumns: { inserted: string; updated: string },
): Fragment[] {
  const where: Fragment[] = [sql`d."moderationStatus" = 'accepted'`];
  if (request.visiblePermissionCategoryIDs !== undefined) {
    where.push(
      request.visiblePermissionCategoryIDs.length === 0
        ? sql`1 = 0`
        : sql`d."categoryID" in (select "categoryID" from "categories" where "permissionCategoryID" in (${list(request.visiblePermissionCategoryIDs)}))`,
    );
  }
  if (request.categoryIDs !== undefined) {
    where.push(
      request.categoryIDs.length === 0
        ? sql`1 = 0`
        : request.includeChildCategories
          ? // Tree paths hold digits only: a prefix needs no LIKE escaping.
            sql`d."categoryID" in (select sub."categoryID" from "categories" sub join "categories" top on sub."treePath" like top."treePath" || '%' where top."categoryID" in (${list(request.categoryIDs)}))`
          : sql`d."categoryID" in (${list(request.categoryIDs)})`,
    );
  }
  if (request.followedByUserID !== undefined)
    where.push(
      sql`d."categoryID" in (select uc."categoryID" from "userCategories" uc where uc."userID" = ${request.followedByUserID} and ${isTrue(sql`uc."followed"`)})`,
    );
  if (request.excludeArchivedCategories)
    where.push(sql`d."categoryID" not in (select ac."categoryID" from "categories" ac where ${isTrue(sql`ac."isArchived"`)})`);
  if (request.discussionID !== undefined) where.push(sql`d."discussionID" = ${request.discussionID}`);
  if (request.tags !== undefined && request.tags.length > 0) {
    const tagMatch = (names: readonly string[]): Fragment =>
      sql`exists (select 1 from "discussionTags" dt join "tags" t on t."tagID" = dt."tagID" where dt."discussionID" = d."discussionID" and t."type" = 'User' and (lower(t."name") in (${list(names.map((name) => name.toLowerCase()))}) or lower(t."urlcode") in (${list(names.map((name) => name.toLowerCase()))})))`;
    where.push(
      request.tagOperator === 'and' ? and(request.tags.map((tag) => tagMatch([tag]))) : tagMatch(request.tags),
    );
  }
  const author = r(authorColumn);
  if (request.insertUserIDs !== undefined)
    where.push(request.insertUserIDs.length === 0 ? sql`1 = 0` : sql`${author} in (${list(request.insertUserIDs)})`);
  if (request.insertUserNames !== undefined)
    where.push(
      request.insertUserNames.length === 0
        ? sql`1 = 0`
        : sql`${author} in (select nu."userID" from "users" nu where lower(nu."name") in (${list(request.insertUserNames.map((name) => name.toLowerCase()))}))`,
    );
  if (request.excludedInsertUserIDs !== undefined && request.excludedInsertUserIDs.length > 0)
    where.push(sql`${author} not in (${list(request.excludedInsertUserIDs)})`);
  if (request.includedInsertUserRoleIDs !== undefined)
    where.push(
      request.includedInsertUserRoleIDs.length === 0
        ? sql`1 = 0`
        : sql`exists (select 1 from "userRoles" ur where ur."userID" = ${author} and ur."roleID" in (${list(request.includedInsertUserRoleIDs)}))`,
    );
  if (request.excludedInsertUserRoleIDs !== undefined && request.excludedInsertUserRoleIDs.length > 0)
    where.push(
      sql`not exists (select 1 from "userRoles" ur where ur."userID" = ${author} and ur."roleID" in (${list(request.excludedInsertUserRoleIDs)}))`,
    );
  where.push(...dateConditions(dateColumns.inserted, request.dateInserted));
  for (const bound of request.dateUpdated ?? [])
    where.push(sql`coalesce(${r(dateColumns.updated)}, ${r(dateColumns.inserted)}) ${sql.raw(bound.op)} ${bound.value}`);
  return where;
}

interface TextPart {
  join: Fragment | null;
  where: Fragment[];
  rank: Fragment;
}

/** The text condition of a post query: words through the engine, CJK runs as substrings. */
function postText(kind: 'discussion' | 'comment', request: SearchRequest, text: TextSql): TextPart | null {
  const terms: SearchTerms = request.text ?? { words: [], substrings: [] };
  const nameTerms: SearchTerms = request.name ?? { words: [], substrings: [] };
  const words = { text: terms.words, name: kind === 'discussion' ? nameTerms.words : [] };
  const substrings = [...terms.substrings];
  const nameSubstrings = kind === 'discussion' ? nameTerms.substrings : [];
  if (words.text.length + words.name.length + substrings.length + nameSubstrings.length === 0) return null;
  const where: Fragment[] = [];
  let join: Fragment | null = null;
  let rank: Fragment = sql`1.0`;
  const substringConditions = substrings.map((needle) => text.substring(kind, needle));
  const nameSubstringConditions = nameSubstrings.map(
    (needle) => sql`lower(d."name") like ${`%${escapeLike(needle)}%`} escape '\\'` as Fragment,
  );
  if (words.text.length + words.name.length > 0) {
    const match = text.wordMatch(kind, words, request.operator, request.prefixLast);
    if (request.operator === 'or' && substringConditions.length > 0) {
      // A word or a CJK run may match: the join cannot narrow the rows.
      rank = sql`(1.0 + ${match.rank})`;
      where.push(or([match.where, ...substringConditions]));
    } else {
      join = match.join;
      rank = sql`(1.0 + ${match.join ? match.joinedRank : match.rank})`;
      if (!match.join) where.push(match.where);
      if (substringConditions.length > 0) where.push(and(substringConditions));
    }
  } else if (substringConditions.length > 0) {
    where.push(request.operator === 'or' ? or(substringConditions) : and(substringConditions));
  }
  if (nameSubstringConditions.length > 0) where.push(and(nameSubstringConditions));
  return { join, where, rank };
}

const columnsOf = (
  recordType: SearchRecordType,
  recordID: Fragment,
  discussionID: Fragment,
  inserted: Fragment,
  updated: Fragment,
  score: Fragment,
  hot: Fragment,
  rank: Fragment,
): Fragment =>
  sql`select ${recordType} as "recordType", ${recordID} as "recordID", ${discussionID} as "discussionID", ${inserted} as "dateInserted", ${updated} as "dateUpdated", ${score} as "score", ${hot} as "hot", ${rank} as "rank"`;

function discussionQuery(request: SearchRequest, text: TextSql): Fragment | null {
  const part = postText('discussion', request, text);
  const where = postScope(request, text.isTrue, 'd.insertUserID', { inserted: 'd.dateInserted', updated: 'd.dateUpdated' });
  if (request.discussionTypes !== undefined)
    where.push(request.discussionTypes.length === 0 ? sql`1 = 0` : sql`lower(d."type") in (${list(request.discussionTypes)})`);
  const recency = sql`(1.0 + ${text.ageDays(sql`d."dateInserted"`, request.now)} / 180.0)`;
  const rank = part ? sql`${part.rank} / ${recency}` : sql`0.0`;
  return sql`${columnsOf('discussion', sql`d."discussionID"`, sql`d."discussionID"`, sql`d."dateInserted"`, sql`coalesce(d."dateUpdated", d."dateInserted")`, sql`d."score"`, sql`d."hot"`, rank)} from "discussions" d ${part?.join ?? sql``} where ${and([...where, ...(part?.where ?? [])])}`;
}

function commentQuery(request: SearchRequest, text: TextSql): Fragment | null {
  // Titles only (`name`): comments have no title.
  if (request.name !== null) return null;
  const part = postText('comment', request, text);
  const where = postScope(request, text.isTrue, 'cm.insertUserID', { inserted: 'cm.dateInserted', updated: 'cm.dateUpdated' });
  where.push(sql`cm."moderationStatus" = 'accepted'`, sql`cm."displayType" <> 'tombstone'`);
  if (request.discussionTypes !== undefined) where.push(sql`1 = 0`);
  const recency = sql`(1.0 + ${text.ageDays(sql`cm."dateInserted"`, request.now)} / 180.0)`;
  const rank = part ? sql`${part.rank} / ${recency}` : sql`0.0`;
  return sql`${columnsOf('comment', sql`cm."commentID"`, sql`cm."discussionID"`, sql`cm."dateInserted"`, sql`coalesce(cm."dateUpdated", cm."dateInserted")`, sql`cm."score"`, sql`0`, rank)} from "comments" cm ${part?.join ?? sql``} join "discussions" d on d."discussionID" = cm."discussionID" where ${and([...where, ...(part?.where ?? [])])}`;
}

/** Case-insensitive "contains" on plain columns, for the small tables (categories, users). */
function containsAll(columns: string[], request: SearchRequest, terms: SearchTerms): Fragment {
  const needles = [...terms.words, ...terms.substrings];
  const one = (needle: string): Fragment =>
    or(columns.map((column) => sql`lower(${r(column)}) like ${`%${escapeLike(needle)}%`} escape '\\'`));
  return request.operator === 'or' ? or(needles.map(one)) : and(needles.map(one));
}

function categoryQuery(request: SearchRequest): Fragment | null {
  const terms = request.text ?? request.name;
  const where: Fragment[] = [sql`c."categoryID" > 0`];
  if (request.visiblePermissionCategoryIDs !== undefined)
    where.push(
      request.visiblePermissionCategoryIDs.length === 0
        ? sql`1 = 0`
        : sql`c."permissionCategoryID" in (${list(request.visiblePermissionCategoryIDs)})`,
    );
  if (request.categoryIDs !== undefined)
    where.push(request.categoryIDs.length === 0 ? sql`1 = 0` : sql`c."categoryID" in (${list(request.categoryIDs)})`);
  if (terms) where.push(containsAll(request.name ? ['c.name'] : ['c.name', 'c.description'], request, terms));
  where.push(...dateConditions('c.dateInserted', request.dateInserted));
  const exact = terms ? [...terms.words, ...terms.substrings].join(' ') : '';
  const rank = terms ? sql`case when lower(c."name") = ${exact} then 2.0 else 1.0 end` : sql`0.0`;
  return sql`${columnsOf('category', sql`c."categoryID"`, sql`null`, sql`c."dateInserted"`, sql`coalesce(c."dateUpdated", c."dateInserted")`, sql`0`, sql`0`, rank)} from "categories" c where ${and(where)}`;
}

function userQuery(request: SearchRequest, text: TextSql): Fragment | null {
  const terms = request.text ?? request.name;
  const where: Fragment[] = [sql`not ${text.isTrue(sql`u."deleted"`)}`];
  if (terms) where.push(containsAll(['u.name'], request, terms));
  if (request.users.onlyBanned) where.push(sql`u."banned" <> 0`);
  else if (!request.users.includeBanned) where.push(sql`u."banned" = 0`);
  if (request.users.email !== undefined)
    where.push(sql`lower(u."email") like ${`%${escapeLike(request.users.email.toLowerCase())}%`} escape '\\'`);
  if (request.users.roleIDs !== undefined)
    where.push(
      request.users.roleIDs.length === 0
        ? sql`1 = 0`
        : sql`exists (select 1 from "userRoles" ur where ur."userID" = u."userID" and ur."roleID" in (${list(request.users.roleIDs)}))`,
    );
  if (request.insertUserIDs !== undefined)
    where.push(request.insertUserIDs.length === 0 ? sql`1 = 0` : sql`u."userID" in (${list(request.insertUserIDs)})`);
  where.push(...dateConditions('u.dateInserted', request.dateInserted));
  const exact = terms ? [...terms.words, ...terms.substrings].join(' ') : '';
  const rank = terms ? sql`case when lower(u."name") = ${exact} then 2.0 else 1.0 end` : sql`0.0`;
  return sql`${columnsOf('user', sql`u."userID"`, sql`null`, sql`u."dateInserted"`, sql`coalesce(u."dateUpdated", u."dateInserted")`, sql`u."points"`, sql`0`, rank)} from "users" u where ${and(where)}`;
}

const ORDER: Record<SearchRequest['sort'], string> = {
  relevance: '"rank" desc, "dateInserted" desc',
  dateInserted: '"dateInserted" asc',
  '-dateInserted': '"dateInserted" desc',
  dateUpdated: '"dateUpdated" asc',
  '-dateUpdated': '"dateUpdated" desc',
  score: '"score" asc',
  '-score': '"score" desc',
  hot: '"hot" asc',
  '-hot': '"hot" desc',
};

interface HitRow {
  recordType: string;
  recordID: number;
  discussionID: number | null;
  rank: number | string;
}

/**
 * Runs a search as one statement per page and one count: the matching records of every requested
 * type (`union all`), permission scope and filters inside the query, so pages stay full and the
 * total never counts what the viewer may not see.
 */
export async function runSqlSearch(
  db: Db,
  request: SearchRequest,
  text: TextSql,
): Promise<{ hits: SearchHit[]; total: number }> {
  const parts: Fragment[] = [];
  const types = request.recordTypes;
  const add = (fragment: Fragment | null): void => {
    if (fragment) parts.push(fragment);
  };
  if (types.has('discussion')) add(discussionQuery(request, text));
  if (types.has('comment')) add(commentQuery(request, text));
  if (types.has('category')) add(categoryQuery(request));
  if (types.has('user')) add(userQuery(request, text));
  if (parts.length === 0) return { hits: [], total: 0 };
  let matches: Fragment = sql.join(parts, sql` union all `);
  if (request.collapse) {
    // One result per discussion (its best match); other records stand alone.
    matches = sql`select "recordType", "recordID", "discussionID", "dateInserted", "dateUpdated", "score", "hot", "rank" from (select m.*, row_number() over (partition by case when m."discussionID" is null then m."recordType" || ':' || cast(m."recordID" as text) else 'd:' || cast(m."discussionID" as text) end order by m."rank" desc, m."recordType" desc) as "position" from (${matches}) m) collapsed where "position" = 1`;
  }
  const order = sql.raw(`${ORDER[request.sort]}, "recordType" asc, "recordID" desc`);
  // One pass: the total rides on every row of the page (a window over all matches), so the
  // matches are found and filtered once; only a page past the end counts them apart.
  const page = await sql<HitRow & { total: number | string }>`select "recordType", "recordID", "discussionID", "rank", count(*) over () as "total" from (${matches}) hits order by ${order} limit ${request.limit} offset ${request.offset}`.execute(db);
  let total = Number(page.rows[0]?.total ?? 0);
  if (page.rows.length === 0 && request.offset > 0) {
    const count = await sql<{ total: number | string }>`select count(*) as "total" from (${matches}) hits`.execute(db);
    total = Number(count.rows[0]?.total ?? 0);
  }
  return {
    hits: page.rows.map((row) => ({
      recordType: row.recordType as SearchRecordType,
      recordID: Number(row.recordID),
      discussionID: row.discussionID === null ? null : Number(row.discussionID),
      score: Number(row.rank),
    })),
    total,
  };
}
