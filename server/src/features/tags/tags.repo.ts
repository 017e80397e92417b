import { sql, type Kysely, type SqlBool } from 'kysely';
import type { TagSort } from '../../../../common/src/api/tags.ts';
import { escapeLike, lowerEquals } from '../../platform/db/dialect.ts';
import type { Database } from '../../platform/db/schema.ts';
import { compiledStatement } from '../../platform/db/compiled-statement.ts';

/** The database or an open transaction. */
type Executor = Kysely<Database>;

/** A `tags` row as the tags feature reads it. */
export interface TagRow {
  tagID: number;
  name: string;
  urlcode: string;
  type: string;
  parentTagID: number | null;
  countDiscussions: number;
}

/** A tag attached to a discussion. */
export interface DiscussionTagRow {
  discussionID: number;
  tagID: number;
  name: string;
  urlcode: string;
  type: string;
}

const tagColumns = [
  'tags.tagID',
  'tags.name',
  'tags.urlcode',
  'tags.type',
  'tags.parentTagID',
  'tags.countDiscussions',
] as const;

function allTagsQuery(db: Executor) {
  return db.selectFrom('tags').select(tagColumns);
}

/** Filters of `GET /tags` as the repo applies them. */
export interface TagFilter {
  nameContains?: string | undefined;
  tagIDs?: readonly number[] | undefined;
  /** Lower-case types to include; undefined: every type but `excludeType`. */
  types?: readonly string[] | undefined;
  excludeType?: string | undefined;
  parentIDs?: readonly number[] | undefined;
  excludeNoCountDiscussion: boolean;
  /**
   * Categories the viewer may not see (issue 11): their discussions are not counted, and a tag used
   * only there is left out. Empty or undefined: every category is visible (the stored counts).
   */
  hiddenCategoryIDs?: readonly number[] | undefined;
}

/** The `tags` columns with `countDiscussions` the number of uses the viewer may see. */
function visibleTagsQuery(db: Executor, hiddenCategoryIDs: readonly number[]) {
  // Uses in hidden categories, per tag: read through the discussions' category index, so the cost
  // grows with the hidden discussions, not with the forum.
  const hiddenUses = db
    .selectFrom('discussionTags')
    .innerJoin('discussions', 'discussions.discussionID', 'discussionTags.discussionID')
    .select((eb) => ['discussionTags.tagID', eb.fn.countAll<number>().as('uses')])
    .where('discussions.categoryID', 'in', [...hiddenCategoryIDs])
    .groupBy('discussionTags.tagID')
    .as('hiddenUses');
  const visible = sql<number>`cast("tags"."countDiscussions" - coalesce("hiddenUses"."uses", 0) as integer)`;
  return {
    visible,
    query: db
      .selectFrom('tags')
      .leftJoin(hiddenUses, 'hiddenUses.tagID', 'tags.tagID')
      .select([
        'tags.tagID',
        'tags.name',
        'tags.urlcode',
        'tags.type',
        'tags.parentTagID',
        visible.as('countDiscussions'),
      ])
      // A tag used only in hidden categories is hidden too; an unused tag is not.
      .where(sql<SqlBool>`not ("tags"."countDiscussions" > 0 and ${visible} <= 0)`),
  };
}

/** Tags matching a filter, in `sort` order (ties by tagID). */
export async function findTags(
  db: Executor,
  filter: TagFilter,
  options: { sort: TagSort; limit: number; offset: number },
): Promise<TagRow[]> {
  const hidden = filter.hiddenCategoryIDs ?? [];
  const restricted = hidden.length > 0 ? visibleTagsQuery(db, hidden) : undefined;
  // Both shapes select the same columns; only the restricted one counts visible uses.
  let query = restricted
    ? (restricted.query as unknown as ReturnType<typeof allTagsQuery>)
    : allTagsQuery(db);
  const count = restricted ? restricted.visible : sql<number>`"tags"."countDiscussions"`;
  if (filter.nameContains !== undefined && filter.nameContains !== '') {
    const pattern = `%${escapeLike(filter.nameContains)}%`;
    query = query.where(sql<SqlBool>`lower("tags"."name") like lower(${pattern}) escape '\\'`);
  }
  if (filter.tagIDs) query = query.where('tags.tagID', 'in', [...filter.tagIDs]);
  if (filter.types) {
    query = query.where(sql<SqlBool>`lower("tags"."type") in (${sql.join([...filter.types])})`);
  } else if (filter.excludeType !== undefined) {
    query = query.where('tags.type', '!=', filter.excludeType);
  }
  if (filter.parentIDs) query = query.where('tags.parentTagID', 'in', [...filter.parentIDs]);
  if (filter.excludeNoCountDiscussion) query = query.where(sql<SqlBool>`${count} > 0`);
  const descending = options.sort.startsWith('-');
  const column = (descending ? options.sort.slice(1) : options.sort) as
    'countDiscussions' | 'tagID' | 'name';
  const direction = descending ? 'desc' : 'asc';
  if (column === 'name') query = query.orderBy(sql`lower("tags"."name")`, direction);
  else if (column === 'countDiscussions') query = query.orderBy(count, direction);
  else query = query.orderBy(`tags.${column}`, direction);
  if (column !== 'tagID') query = query.orderBy('tags.tagID', 'asc');
  return query.limit(options.limit).offset(options.offset).execute();
}

/** One tag by ID. */
export async function findTagByID(db: Executor, tagID: number): Promise<TagRow | undefined> {
  return db
    .selectFrom('tags')
    .select(tagColumns)
    .where('tags.tagID', '=', tagID)
    .executeTakeFirst();
}

/** Tags by ID, in one query. */
export async function findTagsByIDs(db: Executor, tagIDs: readonly number[]): Promise<TagRow[]> {
  if (tagIDs.length === 0) return [];
  return db
    .selectFrom('tags')
    .select(tagColumns)
    .where('tags.tagID', 'in', [...new Set(tagIDs)])
    .execute();
}

/**
 * A tag of `type` with the same name or URL code (both case-insensitive), other than `exceptTagID`:
 * the duplicate that makes a create or rename conflict.
 */
export async function findConflictingTag(
  db: Executor,
  input: { type: string; name: string; urlcode: string; exceptTagID?: number | undefined },
): Promise<TagRow | undefined> {
  let query = db
    .selectFrom('tags')
    .select(tagColumns)
    .where(lowerEquals('tags.type', input.type))
    .where((eb) =>
      eb.or([lowerEquals('tags.name', input.name), lowerEquals('tags.urlcode', input.urlcode)]),
    );
  if (input.exceptTagID !== undefined) query = query.where('tags.tagID', '!=', input.exceptTagID);
  return query.orderBy('tags.tagID').executeTakeFirst();
}

/** Whether a tag is the parent of other tags. */
export async function hasChildTags(db: Executor, tagID: number): Promise<boolean> {
  const row = await db
    .selectFrom('tags')
    .select('tags.tagID')
    .where('tags.parentTagID', '=', tagID)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether any discussion carries the tag. */
export async function isTagUsed(db: Executor, tagID: number): Promise<boolean> {
  const row = await db
    .selectFrom('discussionTags')
    .select('discussionTags.tagID')
    .where('discussionTags.tagID', '=', tagID)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export interface NewTag {
  name: string;
  urlcode: string;
  type: string;
  parentTagID: number | null;
  insertUserID: number | null;
  dateInserted: string;
}

/** Inserts a tag and returns its ID. */
export async function insertTag(db: Executor, tag: NewTag): Promise<number> {
  const row = await db
    .insertInto('tags')
    .values({ ...tag, countDiscussions: 0 })
    .returning('tagID')
    .executeTakeFirstOrThrow();
  return row.tagID;
}

export interface TagChanges {
  name?: string;
  urlcode?: string;
  type?: string;
  parentTagID?: number | null;
}

/** Changes the given fields of a tag. */
export async function updateTag(db: Executor, tagID: number, changes: TagChanges): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await db.updateTable('tags').set(changes).where('tagID', '=', tagID).execute();
}

/** Deletes a tag row. */
export async function deleteTagRow(db: Executor, tagID: number): Promise<void> {
  await db.deleteFrom('tags').where('tagID', '=', tagID).execute();
}

/** The tags of several discussions in one query, by tag name within each discussion. */
export async function findDiscussionTagRows(
  db: Executor,
  discussionIDs: readonly number[],
): Promise<DiscussionTagRow[]> {
  if (discussionIDs.length === 0) return [];
  return selectDiscussionTagRows(db, { ids: [...new Set(discussionIDs)] });
}

// Every discussion list and record runs it: built and compiled once per list length.
const selectDiscussionTagRows = compiledStatement((db, parameters: { ids: number[] }) =>
  db
    .selectFrom('discussionTags')
    .innerJoin('tags', 'tags.tagID', 'discussionTags.tagID')
    .select(['discussionTags.discussionID', 'tags.tagID', 'tags.name', 'tags.urlcode', 'tags.type'])
    .where('discussionTags.discussionID', 'in', parameters.ids)
    .orderBy('discussionTags.discussionID')
    .orderBy(sql`lower("tags"."name")`)
    .orderBy('tags.tagID'),
);

/** Attaches tags to a discussion (tags already attached are skipped). */
export async function insertDiscussionTags(
  db: Executor,
  discussionID: number,
  tagIDs: readonly number[],
  dateInserted: string,
): Promise<void> {
  if (tagIDs.length === 0) return;
  await db
    .insertInto('discussionTags')
    .values(tagIDs.map((tagID) => ({ discussionID, tagID, dateInserted })))
    .onConflict((oc) => oc.columns(['discussionID', 'tagID']).doNothing())
    .execute();
}

/** Detaches tags from discussions. */
export async function deleteDiscussionTags(
  db: Executor,
  discussionIDs: readonly number[],
  tagIDs?: readonly number[],
): Promise<void> {
  if (discussionIDs.length === 0 || (tagIDs !== undefined && tagIDs.length === 0)) return;
  let query = db.deleteFrom('discussionTags').where('discussionID', 'in', [...discussionIDs]);
  if (tagIDs !== undefined) query = query.where('tagID', 'in', [...tagIDs]);
  await query.execute();
}

/** The tag IDs attached to discussions (to recount them after the discussions go). */
export async function findTagIDsOfDiscussions(
  db: Executor,
  discussionIDs: readonly number[],
): Promise<number[]> {
  if (discussionIDs.length === 0) return [];
  const rows = await db
    .selectFrom('discussionTags')
    .select('tagID')
    .distinct()
    .where('discussionID', 'in', [...discussionIDs])
    .execute();
  return rows.map((row) => row.tagID);
}

/**
 * Sets `countDiscussions` of tags from their `discussionTags` rows, in the caller's transaction, so
 * the stored counter always equals the rows whatever wrote them.
 */
export async function recountTags(db: Executor, tagIDs: readonly number[]): Promise<void> {
  if (tagIDs.length === 0) return;
  await db
    .updateTable('tags')
    .set((eb) => ({
      countDiscussions: eb
        .selectFrom('discussionTags')
        .select((inner) => inner.fn.countAll<number>().as('count'))
        .whereRef('discussionTags.tagID', '=', 'tags.tagID'),
    }))
    .where('tags.tagID', 'in', [...new Set(tagIDs)])
    .execute();
}
