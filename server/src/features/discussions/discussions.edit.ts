import type { ContentFormat } from '../../../../common/src/api/content.ts';
import type {
  Discussion,
  DiscussionTagsBody,
  PatchDiscussionBody,
  PostableDiscussionType,
} from '../../../../common/src/api/discussions.ts';
import { USER_TAG_TYPE, type TagFragment } from '../../../../common/src/api/tags.ts';
import type { RequestContext } from '../../http/context.ts';
import { authorize } from '../../permissions/authorize.ts';
import { nowIso } from '../../platform/dates.ts';
import { isDiscussionRevision, logDiscussionEdit } from '../logs/logs.record.ts';
import { recordDiscussionMove } from './discussions.delete-log.ts';
import { AppError, fieldError, notFound, permissionError } from '../../platform/errors.ts';
import { declareGuestChange } from '../../platform/guest-cache.ts';
import { loadDiscussionTags, setDiscussionTags } from '../tags/tags.service.ts';
import { computeHot } from './discussions.hot.ts';
import {
  canAddDiscussion,
  canAddTags,
  canAnnounceDiscussion,
  canBumpDiscussion,
  canChangeAuthor,
  canCloseDiscussion,
  canKeepDiscussionState,
  canManageDiscussion,
  canResolveDiscussion,
  canSinkDiscussion,
  canTagDiscussion,
  canViewDiscussion,
  decideEditDiscussion,
  isDiscussionModerator,
} from './discussions.policy.ts';
import { toDiscussionExpand } from './discussions.present.ts';
import { isLiveUser } from '../users/users.service.ts';
import { adjustUserDiscussionCount } from './discussions.users.repo.ts';
import {
  findTagIDsByUrlcode,
  updateDiscussion,
  type DiscussionChanges,
} from './discussions.repo.ts';
import {
  actorOf,
  editWindowOf,
  requireCategory,
  requireViewableDiscussion,
  assertPostableCategory,
  assertTypeAllowed,
  changedFor,
  renderDiscussionBody,
  requestedPin,
} from './discussions.guards.ts';
import { countsForAuthor, moveDiscussionWithCounters } from './discussions.counters.ts';
import { presentOne } from './discussions.present-batch.ts';
import { removePostedDraft } from '../drafts/drafts.posting.ts';
import { holdEditForApproval } from '../reports/premoderation.ts';

/**
 * `PATCH /discussions/{id}` (api-contract §8): content changes need the edit right (the author
 * within `ui.editContentTimeout` and not closed, or an editor); each flag its own permission;
 * `insertUserID` `site.manage`; a new category `discussions.add` there.
 * @throws AppError 404, 403, 400 "Editing discussions is not allowed.", 422.
 */
export async function patchDiscussion(
  ctx: RequestContext,
  discussionID: number,
  input: PatchDiscussionBody,
): Promise<Discussion> {
  const actor = actorOf(ctx);
  const { row, category } = await requireViewableDiscussion(ctx, ctx.db, discussionID);
  authorize(canKeepDiscussionState(actor), { permissions: 'session.valid' });
  const editsContent =
    input.name !== undefined ||
    input.body !== undefined ||
    input.format !== undefined ||
    (input.categoryID !== undefined && input.categoryID !== row.categoryID) ||
    input.tagIDs !== undefined ||
    input.newTagNames !== undefined;
  if (editsContent) {
    const decision = decideEditDiscussion(actor, row, category, await editWindowOf(ctx));
    if (decision === 'denied') throw permissionError(['discussions.edit']);
    if (decision === 'timeout') throw new AppError(400, 'Editing discussions is not allowed.');
  }
  const changes: DiscussionChanges = {};
  if (input.closed !== undefined && input.closed !== row.closed) {
    authorize(canCloseDiscussion(actor, row, category), { permissions: 'discussions.close' });
    changes.closed = input.closed;
  }
  if (input.sink !== undefined && input.sink !== row.sink) {
    authorize(canSinkDiscussion(actor, category), { permissions: 'discussions.sink' });
    changes.sink = input.sink;
  }
  const pin = requestedPin(input);
  if (pin && (pin.pinned !== row.pinned || (pin.pinned && pin.pinLocation !== row.pinLocation))) {
    authorize(canAnnounceDiscussion(actor, category), { permissions: 'discussions.announce' });
    changes.pinned = pin.pinned;
    changes.pinLocation = pin.pinLocation;
  }
  if (input.resolved !== undefined && input.resolved !== row.resolved) {
    authorize(canResolveDiscussion(actor), { permissions: 'staff.allow' });
    changes.resolved = input.resolved;
    changes.resolvedUserID = input.resolved ? actor.userID : null;
  }
  let newAuthor: number | undefined;
  if (input.insertUserID !== undefined && input.insertUserID !== row.insertUserID) {
    authorize(canChangeAuthor(actor), { permissions: ['site.manage', 'community.manage'] });
    if (!(await isLiveUser(ctx.db, input.insertUserID)))
      throw fieldError('insertUserID', 'User not found.', 404, 'invalid');
    newAuthor = input.insertUserID;
    changes.insertUserID = input.insertUserID;
  }
  const target =
    input.categoryID !== undefined && input.categoryID !== row.categoryID
      ? await requireCategory(ctx.db, input.categoryID)
      : undefined;
  if (target) {
    authorize(canViewDiscussion(ctx.permissions, target), { permissions: 'discussions.view' });
    authorize(canAddDiscussion(actor, target), { permissions: 'discussions.add' });
    assertPostableCategory(target);
    if (row.type !== 'redirect') assertTypeAllowed(target, row.type);
  }
  if (input.name !== undefined) changes.name = input.name;
  if (input.body !== undefined || input.format !== undefined) {
    const body = input.body ?? row.body;
    const format = input.format ?? (row.format as ContentFormat);
    const rendered = await renderDiscussionBody(ctx, body, format);
    Object.assign(changes, {
      body,
      format,
      bodyHtml: rendered.html,
      bodyPlainText: rendered.plainText,
    });
  }
  if (input.name !== undefined || input.body !== undefined || input.format !== undefined) {
    changes.updateUserID = actor.userID;
    changes.dateUpdated = nowIso(ctx.clock);
    // api-contract §27.5: a non-moderator's edit may wait for approval (answered 202).
    await holdEditForApproval(ctx, {
      recordType: 'discussion',
      recordID: discussionID,
      category,
      isModerator: isDiscussionModerator(actor, category),
      recordUserID: row.insertUserID,
      recordDateInserted: row.dateInserted,
      name: changes.name ?? row.name,
      html: changes.bodyHtml ?? row.bodyHtml,
      plainText: changes.bodyPlainText ?? row.bodyPlainText,
      body: changes.body ?? row.body,
      format: changes.format ?? row.format,
      pendingName: input.name ?? null,
    });
  }

  await ctx.db.transaction().execute(async (trx) => {
    // api-contract §27.6: the version an accepted edit replaces goes to the change log.
    if (isDiscussionRevision(row, input))
      await logDiscussionEdit(trx, row, { insertUserID: actor.userID, dateInserted: nowIso(ctx.clock) });
    await updateDiscussion(trx, discussionID, changes);
    if (target) await moveDiscussionWithCounters(trx, row, category, target);
    if (target && row.insertUserID !== actor.userID)
      await recordDiscussionMove(ctx, trx, row, target.categoryID);
    if (newAuthor !== undefined && countsForAuthor(row)) {
      await adjustUserDiscussionCount(trx, row.insertUserID, -1);
      await adjustUserDiscussionCount(trx, newAuthor, 1);
    }
    if (input.tagIDs !== undefined || input.newTagNames !== undefined) {
      await setDiscussionTags(trx, ctx, discussionID, {
        tagIDs: input.tagIDs,
        newTagNames: input.newTagNames,
      });
    }
  });
  declareGuestChange(ctx, changedFor(discussionID, category, target));
  await removePostedDraft(ctx, input.draftID);
  const place = { discussionID, categoryID: (target ?? category).categoryID };
  ctx.events.publish('discussionEdited', { ...place, updateUserID: actor.userID });
  if (target) {
    ctx.events.publish('discussionMoved', {
      ...place,
      fromCategoryID: category.categoryID,
      updateUserID: actor.userID,
    });
  }
  return presentOne(ctx, discussionID, toDiscussionExpand(input.expand));
}

/** `PATCH /discussions/{id}/bump` (`curation.manage`): `dateLastComment` = now. @throws AppError 404, 403. */
export async function bumpDiscussion(
  ctx: RequestContext,
  discussionID: number,
): Promise<Discussion> {
  const { row, category } = await requireViewableDiscussion(ctx, ctx.db, discussionID);
  authorize(canBumpDiscussion(actorOf(ctx)), { permissions: 'curation.manage' });
  const now = nowIso(ctx.clock);
  await updateDiscussion(ctx.db, discussionID, {
    dateLastComment: now,
    hot: computeHot(row.score, now),
  });
  declareGuestChange(ctx, changedFor(discussionID, category));
  return presentOne(ctx, discussionID, toDiscussionExpand(undefined));
}

/** `PUT /discussions/{id}/type` (`discussions.edit`). @throws AppError 404, 403, 400. */
export async function changeDiscussionType(
  ctx: RequestContext,
  discussionID: number,
  type: PostableDiscussionType,
): Promise<Discussion> {
  const { row, category } = await requireViewableDiscussion(ctx, ctx.db, discussionID);
  authorize(canManageDiscussion(actorOf(ctx), category), { permissions: 'discussions.edit' });
  if (row.type === 'redirect') throw new AppError(400, 'A redirect cannot change its type.');
  if (row.type !== type) {
    assertTypeAllowed(category, type);
    await updateDiscussion(ctx.db, discussionID, { type });
  }
  declareGuestChange(ctx, changedFor(discussionID, category));
  return presentOne(ctx, discussionID, toDiscussionExpand(undefined));
}

async function tagIDsOf(
  ctx: RequestContext,
  input: DiscussionTagsBody,
): Promise<number[] | undefined> {
  if (input.tagIDs === undefined && input.urlcodes === undefined) return undefined;
  const ids = [...(input.tagIDs ?? [])];
  if (input.urlcodes && input.urlcodes.length > 0) {
    const found = await findTagIDsByUrlcode(ctx.db, input.urlcodes);
    for (const urlcode of input.urlcodes) {
      const tagID = found.get(urlcode);
      if (tagID === undefined) throw notFound('Tag', { urlcode });
      ids.push(tagID);
    }
  }
  return [...new Set(ids)];
}

/**
 * `PUT /discussions/{id}/tags` replaces the user tags; `POST` adds to them (`tags.add` too).
 * @throws AppError 404, 403, 409 (tags helper rules).
 */
export async function setTagsOfDiscussion(
  ctx: RequestContext,
  discussionID: number,
  input: DiscussionTagsBody,
  mode: 'replace' | 'add',
): Promise<TagFragment[]> {
  const actor = actorOf(ctx);
  const { row, category } = await requireViewableDiscussion(ctx, ctx.db, discussionID);
  authorize(canTagDiscussion(actor, row, category), { permissions: 'discussions.edit' });
  if (mode === 'add') authorize(canAddTags(actor), { permissions: 'tags.add' });
  const requested = (await tagIDsOf(ctx, input)) ?? [];
  declareGuestChange(ctx, changedFor(discussionID, category));
  return ctx.db.transaction().execute(async (trx) => {
    let tagIDs = requested;
    if (mode === 'add') {
      const current = ((await loadDiscussionTags(trx, [discussionID])).get(discussionID) ?? [])
        .filter((tag) => tag.type === USER_TAG_TYPE)
        .map((tag) => tag.tagID);
      tagIDs = [...new Set([...current, ...requested])];
    }
    return setDiscussionTags(trx, ctx, discussionID, { tagIDs });
  });
}
