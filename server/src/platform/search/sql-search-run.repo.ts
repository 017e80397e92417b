import { sql } from 'kysely';
import type { Db } from '../db/db.ts';
import type { SearchHit, SearchRecordType, SearchRequest } from './search-engine.ts';
import {
  categoryQuery,
  commentQuery,
  discussionQuery,
  userQuery,
  type Fragment,
  type TextSql,
} from './sql-search.repo.ts';

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
  // Members' sorts (`score` holds their points; other records have no name and come last).
  dateLastActive: '"dateLastActive" asc',
  '-dateLastActive': '"dateLastActive" desc',
  userID: '"recordType" desc, "recordID" asc',
  '-userID': '"recordType" desc, "recordID" desc',
  points: '"score" asc',
  '-points': '"score" desc',
  countPosts: '"countPosts" asc',
  '-countPosts': '"countPosts" desc',
  name: 'coalesce("sortName", \'\uffff\') asc',
  '-name': 'coalesce("sortName", \'\') desc',
};

interface HitRow {
  recordType: string;
  recordID: number;
  discussionID: number | null;
  rank: number | string;
  matches: number | string;
  total: number | string;
}

/**
 * Runs a search as one statement per page: the candidates of every requested type (`union all`),
 * each post type bounded to its newest `request.cap` (`SEARCH_CANDIDATE_CAP`) matches in the viewer's scope
 * (permission scope and filters inside the query, so pages stay full and the total never counts
 * what the viewer may not see), then ranked and paged. The total is exact below the cap and the
 * cap otherwise; pages end at the cap.
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
  const limit = Math.max(0, Math.min(request.limit, request.cap - request.offset));
  const candidates: Fragment = sql.join(parts, sql` union all `);
  // `found` counts the candidates before collapsing: past the cap the total is the cap.
  let matches: Fragment = sql`select m.*, 1 as "matches", count(*) over () as "found" from (${candidates}) m`;
  if (request.collapse) {
    // One result per discussion (its best match, with how many it stands for); others stand alone.
    const group = sql`case when m."discussionID" is null then m."recordType" || ':' || cast(m."recordID" as text) else 'd:' || cast(m."discussionID" as text) end`;
    matches = sql`select * from (select m.*, row_number() over (partition by ${group} order by m."rank" desc, m."recordType" desc) as "position", count(*) over (partition by ${group}) as "matches", count(*) over () as "found" from (${candidates}) m) collapsed where "position" = 1`;
  }
  const order = sql.raw(`${ORDER[request.sort]}, "recordType" asc, "recordID" desc`);
  // One pass: the total rides on every row of the page (a window over all candidates); only a page
  // past the end counts them apart.
  const totalOf = sql`case when max("found") over () > ${request.cap} then ${request.cap} else count(*) over () end`;
  const page =
    limit > 0
      ? await sql<HitRow>`select "recordType", "recordID", "discussionID", "rank", "matches", ${totalOf} as "total" from (${matches}) hits order by ${order} limit ${limit} offset ${request.offset}`.execute(db)
      : { rows: [] };
  let total = Number(page.rows[0]?.total ?? 0);
  if (page.rows.length === 0 && request.offset > 0) {
    const count = await sql<{ total: number | string }>`select ${totalOf} as "total" from (${matches}) hits limit 1`.execute(db);
    total = Number(count.rows[0]?.total ?? 0);
  }
  return {
    hits: page.rows.map((row) => ({
      recordType: row.recordType as SearchRecordType,
      recordID: Number(row.recordID),
      discussionID: row.discussionID === null ? null : Number(row.discussionID),
      score: Number(row.rank),
      matchCount: Number(row.matches),
    })),
    total: Math.min(total, request.cap),
  };
}
