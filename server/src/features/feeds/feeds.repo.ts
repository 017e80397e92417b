import type { Kysely } from 'kysely';
import { lowerEquals } from '../../platform/db/dialect.ts';
import type { Database } from '../../platform/db/schema.ts';

type Executor = Kysely<Database>;

/** The ID of the tag a tag page's `{tag}` names: its URL code or its name, case-insensitively. */
export async function findTagIDByNameOrUrlcode(db: Executor, ref: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('tags')
    .select('tagID')
    .where((eb) => eb.or([lowerEquals('tags.urlcode', ref), lowerEquals('tags.name', ref)]))
    // A URL code match wins over another tag's name.
    .orderBy((eb) => eb.case().when(lowerEquals('tags.urlcode', ref)).then(0).else(1).end())
    .orderBy('tags.tagID')
    .limit(1)
    .executeTakeFirst();
  return row?.tagID;
}

/** A discussion as a sitemap lists it. */
export interface SitemapDiscussionRow {
  discussionID: number;
  name: string;
  dateLastComment: string;
}

/** Published discussions outside `hiddenCategoryIDs`, by discussionID, one sitemap page. */
export async function findSitemapDiscussions(
  db: Executor,
  hiddenCategoryIDs: readonly number[],
  options: { limit: number; offset: number },
): Promise<SitemapDiscussionRow[]> {
  let query = db
    .selectFrom('discussions')
    .select(['discussionID', 'name', 'dateLastComment'])
    .where('moderationStatus', '=', 'accepted');
  if (hiddenCategoryIDs.length > 0) query = query.where('categoryID', 'not in', [...hiddenCategoryIDs]);
  return query.orderBy('discussionID').limit(options.limit).offset(options.offset).execute();
}

/** How many published discussions lie outside `hiddenCategoryIDs`. */
export async function countSitemapDiscussions(
  db: Executor,
  hiddenCategoryIDs: readonly number[],
): Promise<number> {
  let query = db
    .selectFrom('discussions')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('moderationStatus', '=', 'accepted');
  if (hiddenCategoryIDs.length > 0) query = query.where('categoryID', 'not in', [...hiddenCategoryIDs]);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Categories outside `hiddenCategoryIDs` (the root excluded), by categoryID, one sitemap page. */
export async function findSitemapCategories(
  db: Executor,
  hiddenCategoryIDs: readonly number[],
  options: { limit: number; offset: number },
): Promise<{ categoryID: number; urlcode: string }[]> {
  let query = db.selectFrom('categories').select(['categoryID', 'urlcode']).where('categoryID', '>', 0);
  if (hiddenCategoryIDs.length > 0) query = query.where('categoryID', 'not in', [...hiddenCategoryIDs]);
  return query.orderBy('categoryID').limit(options.limit).offset(options.offset).execute();
}

/** How many categories lie outside `hiddenCategoryIDs` (the root excluded). */
export async function countSitemapCategories(
  db: Executor,
  hiddenCategoryIDs: readonly number[],
): Promise<number> {
  let query = db
    .selectFrom('categories')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('categoryID', '>', 0);
  if (hiddenCategoryIDs.length > 0) query = query.where('categoryID', 'not in', [...hiddenCategoryIDs]);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.count);
}
