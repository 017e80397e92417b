import {
  MAX_TAGS_PER_DISCUSSION,
  REACTION_TAG_TYPE,
  USER_TAG_TYPE,
  type CreateTagBody,
  type PatchTagBody,
  type Tag,
  type TagFragment,
  type TagListQuery,
} from '../../../../common/src/api/tags.ts';
import { slugify } from '../../../../common/src/slug.ts';
import type { RequestContext } from '../../http/context.ts';
import { authorize } from '../../permissions/authorize.ts';
import { nowIso } from '../../platform/dates.ts';
import type { Db } from '../../platform/db/db.ts';
import { AppError, fieldError, notFound } from '../../platform/errors.ts';
import { isUniqueViolation } from '../../platform/db/dialect.ts';
import { hiddenCategoryIDsOf } from '../categories/categories.visibility.ts';
import { getSettings } from '../config/config.service.ts';
import { canAddTags, canManageTags, isReservedTagType } from './tags.policy.ts';
import { presentTag, presentTagFragment } from './tags.present.ts';
import {
  deleteDiscussionTags,
  deleteTagRow,
  findConflictingTag,
  findDiscussionTagRows,
  findTagByID,
  findTags,
  findTagsByIDs,
  hasChildTags,
  insertDiscussionTags,
  insertTag,
  isTagUsed,
  recountTags,
  updateTag,
  type TagChanges,
  type TagRow,
} from './tags.repo.ts';

const DUPLICATE_TAG = 'A tag with this name already exists.';
const TAGGING_DISABLED = 'Tagging is not enabled.';

/** The stored spelling of a tag type: "User" whatever the case, others as given. */
function normalizeType(type: string | null | undefined): string {
  if (type === null || type === undefined || type.toLowerCase() === USER_TAG_TYPE.toLowerCase())
    return USER_TAG_TYPE;
  if (isReservedTagType(type)) return REACTION_TAG_TYPE;
  return type;
}

/** A URL code from a name; the name must hold a letter or a digit. */
function slugOf(name: string, field: string): string {
  const slug = slugify(name);
  if (slug === '')
    throw fieldError(field, `${field} must contain a letter or a digit.`, 422, 'invalid');
  return slug;
}

/**
 * The tags of discussions, batch-loaded for lists (one query): every requested ID maps to its
 * tags, by name (an empty list when it has none).
 */
export async function loadDiscussionTags(
  db: Db,
  discussionIDs: readonly number[],
): Promise<Map<number, TagFragment[]>> {
  const result = new Map<number, TagFragment[]>(discussionIDs.map((id) => [id, []]));
  for (const row of await findDiscussionTagRows(db, discussionIDs)) {
    result.get(row.discussionID)?.push(presentTagFragment(row));
  }
  return result;
}

/**
 * Replaces the discussion's User tags with `tagIDs` plus `newTagNames` (existing tags of those
 * names are reused; others are created when the actor holds `tags.add`). Without `tagIDs` the
 * current User tags are kept and the new names added. Tags of other types stay. Keeps
 * `tags.countDiscussions` equal to the rows. Runs inside the caller's transaction; the caller has
 * already checked that the actor may edit the discussion.
 * @throws AppError 403 "Tagging is not enabled." or without `tags.add` for new names; 404 unknown
 * tag; 409 for a tag type that cannot go on discussions or more than 5 tags.
 */
export async function setDiscussionTags(
  trx: Db,
  ctx: RequestContext,
  discussionID: number,
  input: { tagIDs?: number[] | undefined; newTagNames?: string[] | undefined },
): Promise<TagFragment[]> {
  if (input.tagIDs === undefined && input.newTagNames === undefined) {
    return (await loadDiscussionTags(trx, [discussionID])).get(discussionID) ?? [];
  }
  const settings = await getSettings(trx);
  if (!settings['tagging.enabled']) throw new AppError(403, TAGGING_DISABLED);

  const current = await findDiscussionTagRows(trx, [discussionID]);
  const currentUserIDs = current
    .filter((row) => row.type === USER_TAG_TYPE)
    .map((row) => row.tagID);
  const otherCount = current.length - currentUserIDs.length;

  const wanted = new Set<number>(input.tagIDs ?? currentUserIDs);
  if (input.tagIDs !== undefined) {
    const found = new Map((await findTagsByIDs(trx, input.tagIDs)).map((tag) => [tag.tagID, tag]));
    for (const tagID of wanted) {
      const tag = found.get(tagID);
      if (!tag) throw notFound('Tag', { tagID });
      if (tag.type !== USER_TAG_TYPE)
        throw new AppError(409, `You cannot add tags with the type '${tag.type}' to a discussion.`);
    }
  }

  // New names: reuse a User tag of the same name or URL code, else create it (after the count check).
  const toCreate: { name: string; urlcode: string }[] = [];
  const seenCodes = new Set<string>();
  for (const rawName of input.newTagNames ?? []) {
    const name = rawName.trim();
    const urlcode = slugOf(name, 'newTagNames');
    if (seenCodes.has(urlcode)) continue;
    seenCodes.add(urlcode);
    const existing = await findConflictingTag(trx, { type: USER_TAG_TYPE, name, urlcode });
    if (existing) wanted.add(existing.tagID);
    else toCreate.push({ name, urlcode });
  }

  if (otherCount + wanted.size + toCreate.length > MAX_TAGS_PER_DISCUSSION) {
    throw new AppError(
      409,
      `You cannot add more than ${String(MAX_TAGS_PER_DISCUSSION)} tags to a discussion`,
    );
  }
  if (toCreate.length > 0) authorize(canAddTags(ctx.permissions), { permissions: 'tags.add' });
  const now = nowIso(ctx.clock);
  for (const tag of toCreate) {
    const tagID = await insertTag(trx, {
      name: tag.name,
      urlcode: tag.urlcode,
      type: USER_TAG_TYPE,
      parentTagID: null,
      insertUserID: ctx.actor.userID > 0 ? ctx.actor.userID : null,
      dateInserted: now,
    });
    wanted.add(tagID);
  }

  const removed = currentUserIDs.filter((tagID) => !wanted.has(tagID));
  const added = [...wanted].filter((tagID) => !currentUserIDs.includes(tagID));
  await deleteDiscussionTags(trx, [discussionID], removed);
  await insertDiscussionTags(trx, discussionID, added, now);
  await recountTags(trx, [...removed, ...added]);
  return (await loadDiscussionTags(trx, [discussionID])).get(discussionID) ?? [];
}

/**
 * Detaches every tag from discussions that are being deleted and recounts those tags. Call it in
 * the deleting transaction before the discussion rows go (the cascade would skip the counters).
 */
export async function releaseDiscussionTags(
  trx: Db,
  discussionIDs: readonly number[],
): Promise<void> {
  const rows = await findDiscussionTagRows(trx, discussionIDs);
  await deleteDiscussionTags(trx, discussionIDs);
  await recountTags(
    trx,
    rows.map((row) => row.tagID),
  );
}

/**
 * `GET /tags` (api-contract §11): no permission; every type but Reaction unless `type` says.
 * Counts only the discussions the viewer may see, and leaves out tags used only in categories the
 * viewer may not see (issue 11), in SQL.
 */
export async function listTags(ctx: RequestContext, query: TagListQuery): Promise<Tag[]> {
  const types = query.type?.map((type) => type.toLowerCase());
  const allTypes = types === undefined || types.includes('all');
  const rows = await findTags(
    ctx.db,
    {
      nameContains: query.query?.trim(),
      tagIDs: query.tagID,
      types: allTypes ? undefined : types,
      excludeType: allTypes ? REACTION_TAG_TYPE : undefined,
      parentIDs: query.parentID,
      excludeNoCountDiscussion: query.excludeNoCountDiscussion,
      hiddenCategoryIDs: await hiddenCategoryIDsOf(ctx),
    },
    {
      sort: query.sort ?? '-countDiscussions',
      limit: query.limit,
      offset: (query.page - 1) * query.limit,
    },
  );
  return rows.map((row) => presentTag(row, ctx.config.baseUrl));
}

async function requireTag(db: Db, tagID: number): Promise<TagRow> {
  const tag = await findTagByID(db, tagID);
  if (!tag) throw notFound('Tag', { tagID });
  return tag;
}

/**
 * `GET /tags/{id}`, counted as the viewer may see it.
 * @throws AppError 404 "Tag not found." (also for a tag used only where the viewer may not look).
 */
export async function getTag(ctx: RequestContext, tagID: number): Promise<Tag> {
  const hiddenCategoryIDs = await hiddenCategoryIDsOf(ctx);
  if (hiddenCategoryIDs.length === 0)
    return presentTag(await requireTag(ctx.db, tagID), ctx.config.baseUrl);
  const [visible] = await findTags(
    ctx.db,
    { tagIDs: [tagID], excludeNoCountDiscussion: false, hiddenCategoryIDs },
    { sort: 'tagID', limit: 1, offset: 0 },
  );
  if (!visible) throw notFound('Tag', { tagID });
  return presentTag(visible, ctx.config.baseUrl);
}

async function assertParent(db: Db, parentTagID: number, selfID: number | null): Promise<void> {
  if (parentTagID === selfID) throw new AppError(400, 'A tag cannot be its own parent.');
  if (!(await findTagByID(db, parentTagID))) throw new AppError(400, 'Parent tag not found.');
}

function assertTypeAllowed(type: string): void {
  if (isReservedTagType(type))
    throw new AppError(409, `You cannot add tags with the type '${type}'.`);
}

async function withDuplicateCheck<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    // Two writers passed the duplicate check at once: the unique index decides.
    if (isUniqueViolation(error)) throw new AppError(409, DUPLICATE_TAG);
    throw error;
  }
}

/**
 * `POST /tags` (`community.manage` and `tags.add`): `urlcode` defaults to the slug of the name,
 * `type` to "User".
 * @throws AppError 403; 409 duplicate name or URL code, or a reserved type; 400 unknown parent.
 */
export async function createTag(ctx: RequestContext, input: CreateTagBody): Promise<Tag> {
  authorize(canManageTags(ctx.permissions), { permissions: 'community.manage' });
  authorize(canAddTags(ctx.permissions), { permissions: 'tags.add' });
  const type = normalizeType(input.type);
  assertTypeAllowed(type);
  const urlcode = input.urlcode ?? slugOf(input.name, 'name');
  const tagID = await withDuplicateCheck(() =>
    ctx.db.transaction().execute(async (trx) => {
      if (input.parentTagID !== undefined && input.parentTagID !== null)
        await assertParent(trx, input.parentTagID, null);
      if (await findConflictingTag(trx, { type, name: input.name, urlcode }))
        throw new AppError(409, DUPLICATE_TAG);
      return insertTag(trx, {
        name: input.name,
        urlcode,
        type,
        parentTagID: input.parentTagID ?? null,
        insertUserID: ctx.actor.userID > 0 ? ctx.actor.userID : null,
        dateInserted: nowIso(ctx.clock),
      });
    }),
  );
  return getTag(ctx, tagID);
}

/**
 * `PATCH /tags/{id}` (`community.manage`): changes the given fields.
 * @throws AppError 403, 404; 409 duplicate, reserved tag or type; 400 bad parent.
 */
export async function patchTag(
  ctx: RequestContext,
  tagID: number,
  input: PatchTagBody,
): Promise<Tag> {
  authorize(canManageTags(ctx.permissions), { permissions: 'community.manage' });
  await withDuplicateCheck(() =>
    ctx.db.transaction().execute(async (trx) => {
      const tag = await requireTag(trx, tagID);
      if (isReservedTagType(tag.type)) throw new AppError(409, 'You cannot edit a reserved tag.');
      const type = input.type === undefined ? tag.type : normalizeType(input.type);
      assertTypeAllowed(type);
      if (input.parentTagID !== undefined && input.parentTagID !== null)
        await assertParent(trx, input.parentTagID, tagID);
      const name = input.name ?? tag.name;
      const urlcode = input.urlcode ?? tag.urlcode;
      const changes: TagChanges = {
        ...(input.name === undefined ? {} : { name }),
        ...(input.urlcode === undefined ? {} : { urlcode }),
        ...(input.type === undefined ? {} : { type }),
        ...(input.parentTagID === undefined ? {} : { parentTagID: input.parentTagID }),
      };
      if (
        (changes.name !== undefined ||
          changes.urlcode !== undefined ||
          changes.type !== undefined) &&
        (await findConflictingTag(trx, { type, name, urlcode, exceptTagID: tagID }))
      ) {
        throw new AppError(409, DUPLICATE_TAG);
      }
      await updateTag(trx, tagID, changes);
    }),
  );
  return getTag(ctx, tagID);
}

/**
 * `DELETE /tags/{id}` (`community.manage`).
 * @throws AppError 403, 404; 409 when it has child tags, is used by discussions or is reserved.
 */
export async function deleteTag(ctx: RequestContext, tagID: number): Promise<void> {
  authorize(canManageTags(ctx.permissions), { permissions: 'community.manage' });
  await ctx.db.transaction().execute(async (trx) => {
    const tag = await requireTag(trx, tagID);
    if (await hasChildTags(trx, tagID))
      throw new AppError(409, 'You cannot delete tags that have associated child tags.');
    if (tag.countDiscussions > 0 || (await isTagUsed(trx, tagID)))
      throw new AppError(409, 'You cannot delete tags that have associated discussions.');
    if (isReservedTagType(tag.type)) throw new AppError(409, 'You cannot delete a reserved tag.');
    await deleteTagRow(trx, tagID);
  });
}
