import { sql, type RawBuilder } from 'kysely';
import { escapeLike } from '../db/dialect.ts';
import type { DateBound, SearchRecordType, SearchRequest } from './search-engine.ts';
import type { SearchTerms } from './search-text.ts';

export type Fragment = RawBuilder<unknown>;

/**
 * A word match two ways: `from` (with its `fromWhere`, `joinedRank` and `orderKey`) puts the index
 * first and joins the post by rowid, so taking the newest candidates stops early; `where` and `rank`
 * stand alone on the post table, for when other conditions may match instead (`or` with CJK runs).
 */
export interface WordMatch {
  /** The FROM head: the index, then the post under its alias (`d` or `cm`); null: the post table. */
  from: Fragment | null;
  fromWhere: Fragment | null;
  joinedRank: Fragment;
  /** The post ID in the index's order (candidates are the newest by it). */
  orderKey: Fragment | null;
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
  from: Fragment | null;
  orderKey: Fragment | null;
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
  let from: Fragment | null = null;
  let orderKey: Fragment | null = null;
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
      from = match.from;
      orderKey = match.orderKey;
      rank = sql`(1.0 + ${match.from ? match.joinedRank : match.rank})`;
      where.push(match.from && match.fromWhere ? match.fromWhere : match.where);
      if (substringConditions.length > 0) where.push(and(substringConditions));
    }
  } else if (substringConditions.length > 0) {
    where.push(request.operator === 'or' ? or(substringConditions) : and(substringConditions));
  }
  if (nameSubstringConditions.length > 0) where.push(and(nameSubstringConditions));
  return { from, orderKey, where, rank };
}

interface Columns {
  recordID: Fragment;
  discussionID: Fragment;
  inserted: Fragment;
  updated: Fragment;
  score: Fragment;
  hot: Fragment;
  rank: Fragment;
  /** Members' sort keys (other records: no name, 0 posts, active when written). */
  name?: Fragment;
  countPosts?: Fragment;
  lastActive?: Fragment;
}

const columnsOf = (recordType: SearchRecordType, c: Columns): Fragment =>
  sql`select ${recordType} as "recordType", ${c.recordID} as "recordID", ${c.discussionID} as "discussionID", ${c.inserted} as "dateInserted", ${c.updated} as "dateUpdated", ${c.score} as "score", ${c.hot} as "hot", ${c.rank} as "rank", ${c.name ?? sql`cast(null as text)`} as "sortName", ${c.countPosts ?? sql`0`} as "countPosts", ${c.lastActive ?? c.inserted} as "dateLastActive"`;

/** Oldest-first sorts take the oldest candidates; every other sort the newest. */
const candidateDirection = (request: SearchRequest): Fragment =>
  request.sort === 'dateInserted' || request.sort === 'dateUpdated' ? sql`asc` : sql`desc`;

/**
 * A post query bounded to `request.cap` candidates (plus one, to tell a full set from an
 * exact one), taken in the index's rowid order where the index leads, so the engine stops early.
 */
function boundedPosts(
  request: SearchRequest,
  select: Fragment,
  table: Fragment,
  postID: Fragment,
  part: TextPart | null,
  rest: Fragment,
  where: Fragment[],
): Fragment {
  const from = part?.from ?? table;
  const orderKey = part?.orderKey ?? postID;
  return sql`select * from (${select} from ${from} ${rest} where ${and([...where, ...(part?.where ?? [])])} order by ${orderKey} ${candidateDirection(request)} limit ${request.cap + 1}) p`;
}

/** One record type's candidates (`union all` part of `runSqlSearch`). */
export function discussionQuery(request: SearchRequest, text: TextSql): Fragment | null {
  const part = postText('discussion', request, text);
  const where = postScope(request, text.isTrue, 'd.insertUserID', { inserted: 'd.dateInserted', updated: 'd.dateUpdated' });
  if (request.discussionTypes !== undefined)
    where.push(request.discussionTypes.length === 0 ? sql`1 = 0` : sql`lower(d."type") in (${list(request.discussionTypes)})`);
  if (request.statusIDs !== undefined)
    where.push(request.statusIDs.length === 0 ? sql`1 = 0` : sql`d."statusID" in (${list(request.statusIDs)})`);
  const recency = sql`(1.0 + ${text.ageDays(sql`d."dateInserted"`, request.now)} / 180.0)`;
  const rank = part ? sql`${part.rank} / ${recency}` : sql`0.0`;
  const select = columnsOf('discussion', {
    recordID: sql`d."discussionID"`,
    discussionID: sql`d."discussionID"`,
    inserted: sql`d."dateInserted"`,
    updated: sql`coalesce(d."dateUpdated", d."dateInserted")`,
    score: sql`d."score"`,
    hot: sql`d."hot"`,
    rank,
  });
  return boundedPosts(request, select, sql`"discussions" d`, sql`d."discussionID"`, part, sql``, where);
}

/** One record type's candidates (`union all` part of `runSqlSearch`). */
export function commentQuery(request: SearchRequest, text: TextSql): Fragment | null {
  // Titles only (`name`): comments have no title.
  if (request.name !== null) return null;
  const part = postText('comment', request, text);
  const where = postScope(request, text.isTrue, 'cm.insertUserID', { inserted: 'cm.dateInserted', updated: 'cm.dateUpdated' });
  where.push(sql`cm."moderationStatus" = 'accepted'`, sql`cm."displayType" <> 'tombstone'`);
  if (request.discussionTypes !== undefined) where.push(sql`1 = 0`);
  const recency = sql`(1.0 + ${text.ageDays(sql`cm."dateInserted"`, request.now)} / 180.0)`;
  const rank = part ? sql`${part.rank} / ${recency}` : sql`0.0`;
  const select = columnsOf('comment', {
    recordID: sql`cm."commentID"`,
    discussionID: sql`cm."discussionID"`,
    inserted: sql`cm."dateInserted"`,
    updated: sql`coalesce(cm."dateUpdated", cm."dateInserted")`,
    score: sql`cm."score"`,
    hot: sql`0`,
    rank,
  });
  const discussion = sql`join "discussions" d on d."discussionID" = cm."discussionID"`;
  return boundedPosts(request, select, sql`"comments" cm`, sql`cm."commentID"`, part, discussion, where);
}

/** Case-insensitive "contains" on plain columns, for the small tables (categories, users). */
function containsAll(columns: string[], request: SearchRequest, terms: SearchTerms): Fragment {
  const needles = [...terms.words, ...terms.substrings];
  const one = (needle: string): Fragment =>
    or(columns.map((column) => sql`lower(${r(column)}) like ${`%${escapeLike(needle)}%`} escape '\\'`));
  return request.operator === 'or' ? or(needles.map(one)) : and(needles.map(one));
}

/** One record type's candidates (`union all` part of `runSqlSearch`). */
export function categoryQuery(request: SearchRequest): Fragment | null {
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
  const select = columnsOf('category', {
    recordID: sql`c."categoryID"`,
    discussionID: sql`null`,
    inserted: sql`c."dateInserted"`,
    updated: sql`coalesce(c."dateUpdated", c."dateInserted")`,
    score: sql`0`,
    hot: sql`0`,
    rank,
  });
  return sql`${select} from "categories" c where ${and(where)}`;
}

/** One record type's candidates (`union all` part of `runSqlSearch`). */
export function userQuery(request: SearchRequest, text: TextSql): Fragment | null {
  const terms = request.text ?? request.name;
  const where: Fragment[] = [sql`not ${text.isTrue(sql`u."deleted"`)}`];
  if (terms) where.push(containsAll(['u.name'], request, terms));
  if (request.users.onlyBanned) where.push(sql`u."banned" <> 0`);
  else if (!request.users.includeBanned) where.push(sql`u."banned" = 0`);
  if (request.users.email !== undefined)
    where.push(sql`lower(u."email") like ${`%${escapeLike(request.users.email.toLowerCase())}%`} escape '\\'`);
  if (request.users.emailDomains !== undefined)
    where.push(
      or(
        request.users.emailDomains.map(
          (domain) =>
            sql`lower(u."email") like ${`%@${escapeLike(domain.toLowerCase().replace(/^@/, ''))}`} escape '\\'` as Fragment,
        ),
      ),
    );
  if (request.users.emailConfirmed !== undefined)
    where.push(request.users.emailConfirmed ? text.isTrue(sql`u."emailConfirmed"`) : sql`not ${text.isTrue(sql`u."emailConfirmed"`)}`);
  where.push(...dateConditions('u.dateLastActive', request.users.dateLastActive));
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
  const select = columnsOf('user', {
    recordID: sql`u."userID"`,
    discussionID: sql`null`,
    inserted: sql`u."dateInserted"`,
    updated: sql`coalesce(u."dateUpdated", u."dateInserted")`,
    score: sql`u."points"`,
    hot: sql`0`,
    rank,
    name: sql`lower(u."name")`,
    countPosts: sql`(u."countDiscussions" + u."countComments")`,
    lastActive: sql`coalesce(u."dateLastActive", u."dateInserted")`,
  });
  return sql`${select} from "users" u where ${and(where)}`;
}
