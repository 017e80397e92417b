import type {
  PatchReactionTypeBody,
  PostReactionBody,
  ReactionClass,
  ReactionLog,
  ReactionLogQuery,
  ReactionRecordType,
  ReactionSummary,
  ReactionType,
} from '../../../../common/src/api/reactions.ts';
import type { RequestContext } from '../../http/context.ts';
import type { NumberedPaging } from '../../http/paging.ts';
import { loadOnce } from '../../http/request-loader.ts';
import { authorize } from '../../permissions/authorize.ts';
import { nowIso } from '../../platform/dates.ts';
import type { Db } from '../../platform/db/db.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { declareGuestChange, type GuestCacheChange } from '../../platform/guest-cache.ts';
import { pathCategoryIDs } from '../categories/categories.tree.ts';
import { computeHot } from '../discussions/discussions.hot.ts';
import { fragmentViewerOf, presentUserFragment } from '../users/users.present.ts';
import { findUserFragmentRows } from '../../platform/db/user-fragment.ts';
import {
  canManageReactionTypes,
  canReact,
  canRemoveReactionOf,
  canSeeFlagReactions,
  canUseReactionType,
  canViewReactionTarget,
  reactionTypePermission,
} from './reactions.policy.ts';
import {
  presentReactionLog,
  presentReactionSummary,
  presentReactionType,
} from './reactions.present.ts';
import {
  findReactionTypeByUrlcode,
  findReactionTypes,
  updateReactionType,
  type ReactionTypeChanges,
  type ReactionTypeRow,
} from './reaction-types.repo.ts';
import {
  adjustReactionCount,
  countReactionLog,
  deleteUserReaction,
  findReactionCounts,
  findReactionLog,
  findReactionTarget,
  findUserReaction,
  findUserReactions,
  insertReaction,
  type ReactionTarget,
} from './reactions.repo.ts';
import {
  adjustCommentScore,
  adjustDiscussionScore,
  setDiscussionHot,
} from './reactions.scores.repo.ts';

/** api-contract §10: the log lists Positive and Negative reactions only. */
const LOG_CLASSES: readonly ReactionClass[] = ['Positive', 'Negative'];

function typeNotFound(urlcode: string): AppError {
  return new AppError(404, `Reaction type ${urlcode} not found.`);
}

function recordName(recordType: ReactionRecordType): string {
  return recordType === 'discussion' ? 'Discussion' : 'Comment';
}

/**
 * The record a call addresses, when the actor may see it.
 * @throws AppError 404 "Discussion not found." / "Comment not found." (also for records not
 * accepted), 403 without `discussions.view` in its category.
 */
async function requireViewableTarget(
  ctx: RequestContext,
  db: Db,
  recordType: ReactionRecordType,
  recordID: number,
): Promise<ReactionTarget> {
  const target = await findReactionTarget(db, recordType, recordID);
  if (!target || !target.visible)
    throw notFound(recordName(recordType), { [`${recordType}ID`]: recordID });
  authorize(canViewReactionTarget(ctx.permissions, target), { permissions: 'discussions.view' });
  return target;
}

/**
 * Summaries of several records of one type, batch-loaded for lists: one query for the stored
 * counts, one for the actor's own reactions. Zero counts are dropped (spec 001 §9), Flag-class
 * types appear only for `community.moderate` (spec 000 §6); records without reactions map to [].
 */
export async function loadReactionSummaries(
  ctx: Pick<RequestContext, 'db' | 'actor' | 'permissions'>,
  recordType: ReactionRecordType,
  recordIDs: readonly number[],
): Promise<Map<number, ReactionSummary[]>> {
  const result = new Map<number, ReactionSummary[]>(recordIDs.map((id) => [id, []]));
  if (recordIDs.length === 0) return result;
  const [types, counts, own] = await Promise.all([
    // A discussion page presents the post's reactions and its comments': the types are read once.
    loadOnce(ctx, 'reactionTypes', () => findReactionTypes(ctx.db)),
    findReactionCounts(ctx.db, recordType, recordIDs),
    findUserReactions(ctx.db, recordType, recordIDs, ctx.actor.userID),
  ]);
  const showFlags = canSeeFlagReactions(ctx.permissions);
  const reacted = new Set(own.map((row) => `${String(row.recordID)}:${String(row.tagID)}`));
  const countsByRecord = new Map<number, Map<number, number>>();
  for (const row of counts) {
    const byTag = countsByRecord.get(row.recordID) ?? new Map<number, number>();
    byTag.set(row.tagID, Number(row.count));
    countsByRecord.set(row.recordID, byTag);
  }
  for (const [recordID, byTag] of countsByRecord) {
    const summaries: ReactionSummary[] = [];
    for (const type of types) {
      const count = byTag.get(type.tagID) ?? 0;
      if (count <= 0 || !type.active) continue;
      if (type.class === 'Flag' && !showFlags) continue;
      summaries.push(
        presentReactionSummary(
          type,
          count,
          reacted.has(`${String(recordID)}:${String(type.tagID)}`),
        ),
      );
    }
    result.set(recordID, summaries);
  }
  return result;
}

/** Takes a user's reaction off a record: its count, and the score when it was a vote. */
async function removeReaction(
  trx: Db,
  target: ReactionTarget,
  userID: number,
  typesByTag: ReadonlyMap<number, ReactionTypeRow>,
): Promise<number> {
  const tagID = await deleteUserReaction(trx, target.recordType, target.recordID, userID);
  if (tagID === undefined) return 0;
  await adjustReactionCount(trx, target.recordType, target.recordID, tagID, -1);
  return -(typesByTag.get(tagID)?.reactionValue ?? 0);
}

/** Moves the record's score by the votes' net change (discussions: `hot` too). */
async function applyScore(trx: Db, target: ReactionTarget, delta: number): Promise<void> {
  if (delta === 0) return;
  if (target.recordType === 'discussion') {
    const scored = await adjustDiscussionScore(trx, target.recordID, delta);
    if (scored)
      await setDiscussionHot(
        trx,
        target.recordID,
        computeHot(scored.score, scored.dateLastComment),
      );
    return;
  }
  await adjustCommentScore(trx, target.recordID, target.parentCommentID, delta);
}

/**
 * `POST /{recordType}s/{id}/reactions`: the actor's one reaction on the record becomes
 * `reactionType`, replacing another; the same type again changes nothing (api-contract §10).
 * Answers the record's summaries.
 * @throws AppError 404 record or "Reaction type X not found.", 403 guest, no view, no class permission.
 */
export async function postReaction(
  ctx: RequestContext,
  recordType: ReactionRecordType,
  recordID: number,
  body: PostReactionBody,
): Promise<ReactionSummary[]> {
  const target = await requireViewableTarget(ctx, ctx.db, recordType, recordID);
  authorize(canReact(ctx.permissions), { permissions: 'session.valid' });
  const type = await findReactionTypeByUrlcode(ctx.db, body.reactionType);
  if (!type || !type.active) throw typeNotFound(body.reactionType);
  authorize(canUseReactionType(ctx.permissions, type), {
    permissions: reactionTypePermission(type),
  });
  const userID = ctx.actor.userID;
  const added = await ctx.db.transaction().execute(async (trx) => {
    const existing = await findUserReaction(trx, recordType, recordID, userID);
    if (existing === type.tagID) return false;
    const typesByTag = new Map((await findReactionTypes(trx)).map((row) => [row.tagID, row]));
    let delta = await removeReaction(trx, target, userID, typesByTag);
    const inserted = await insertReaction(trx, {
      recordType,
      recordID,
      userID,
      tagID: type.tagID,
      dateInserted: nowIso(ctx.clock),
    });
    if (inserted) {
      await adjustReactionCount(trx, recordType, recordID, type.tagID, 1);
      delta += type.reactionValue;
    }
    await applyScore(trx, target, delta);
    return inserted;
  });
  declareGuestChange(ctx, changedForGuests(target));
  if (added) ctx.events.publish('reactionAdded', { recordType, recordID, reactionType: type.urlcode, userID });
  return (await loadReactionSummaries(ctx, recordType, [recordID])).get(recordID) ?? [];
}

/**
 * `DELETE /{recordType}s/{id}/reactions[/{userID}]`: removes the user's reaction (the actor's own
 * without userID); no reaction is not an error (api-contract §10).
 * @throws AppError 404 record, 403 guest, no view, or another user's without `community.moderate`.
 */
export async function deleteReaction(
  ctx: RequestContext,
  recordType: ReactionRecordType,
  recordID: number,
  userID?: number,
): Promise<void> {
  const target = await requireViewableTarget(ctx, ctx.db, recordType, recordID);
  const ownerID = userID ?? ctx.actor.userID;
  authorize(canRemoveReactionOf(ctx.permissions, ctx.actor.userID, ownerID), {
    permissions:
      ctx.actor.userID > 0 && ownerID !== ctx.actor.userID ? 'community.moderate' : 'session.valid',
  });
  await ctx.db.transaction().execute(async (trx) => {
    const typesByTag = new Map((await findReactionTypes(trx)).map((row) => [row.tagID, row]));
    const delta = await removeReaction(trx, target, ownerID, typesByTag);
    await applyScore(trx, target, delta);
  });
  declareGuestChange(ctx, changedForGuests(target));
}

/** A reaction changes its discussion's page and the lists of its category and their ancestors. */
function changedForGuests(target: ReactionTarget): GuestCacheChange {
  return {
    discussionIDs: [target.discussionID],
    categoryIDs: [target.categoryID, ...pathCategoryIDs(target.treePath)],
  };
}

/**
 * `GET /{recordType}s/{id}/reactions`: who reacted how, newest first, Positive and Negative only,
 * optionally one type (`type`, a URL code).
 * @throws AppError 404 record or type, 403 without view.
 */
export async function getReactionLog(
  ctx: RequestContext,
  recordType: ReactionRecordType,
  recordID: number,
  query: ReactionLogQuery,
): Promise<{ log: ReactionLog[]; paging: NumberedPaging }> {
  await requireViewableTarget(ctx, ctx.db, recordType, recordID);
  const types = await findReactionTypes(ctx.db);
  let tagID: number | undefined;
  if (query.type !== undefined) {
    const wanted = query.type.toLowerCase();
    const type = types.find((candidate) => candidate.urlcode.toLowerCase() === wanted);
    if (!type) throw typeNotFound(query.type);
    tagID = type.tagID;
  }
  const filter = { recordType, recordID, classes: LOG_CLASSES, tagID };
  const [rows, total] = await Promise.all([
    findReactionLog(ctx.db, filter, { limit: query.limit, offset: (query.page - 1) * query.limit }),
    countReactionLog(ctx.db, filter),
  ]);
  const typesByTag = new Map(types.map((type) => [type.tagID, type]));
  const users = await findUserFragmentRows(
    ctx.db,
    rows.map((row) => row.userID),
  );
  const viewer = fragmentViewerOf(ctx);
  const log = rows.flatMap((row) => {
    const type = typesByTag.get(row.tagID);
    return type
      ? [
          presentReactionLog(
            recordType,
            row,
            type,
            presentUserFragment(users.get(row.userID), viewer),
          ),
        ]
      : [];
  });
  return { log, paging: { page: query.page, limit: query.limit, total } };
}

/** `GET /reactions`: the reaction types, in display order (signed in). @throws AppError 403. */
export async function listReactionTypes(ctx: RequestContext): Promise<ReactionType[]> {
  authorize(canReact(ctx.permissions), { permissions: 'session.valid' });
  return (await findReactionTypes(ctx.db)).map(presentReactionType);
}

/** `GET /reactions/{urlCode}` (signed in). @throws AppError 403, 404. */
export async function getReactionType(ctx: RequestContext, urlcode: string): Promise<ReactionType> {
  authorize(canReact(ctx.permissions), { permissions: 'session.valid' });
  const type = await findReactionTypeByUrlcode(ctx.db, urlcode);
  if (!type) throw typeNotFound(urlcode);
  return presentReactionType(type);
}

/** `PATCH /reactions/{urlCode}` (`community.manage`). @throws AppError 403, 404. */
export async function patchReactionType(
  ctx: RequestContext,
  urlcode: string,
  body: PatchReactionTypeBody,
): Promise<ReactionType> {
  authorize(canManageReactionTypes(ctx.permissions), { permissions: 'community.manage' });
  const type = await findReactionTypeByUrlcode(ctx.db, urlcode);
  if (!type) throw typeNotFound(urlcode);
  const changes: ReactionTypeChanges = {
    ...(body.name === undefined ? {} : { name: body.name }),
    ...(body.description === undefined ? {} : { description: body.description }),
    ...(body.class === undefined ? {} : { class: body.class }),
    ...(body.points === undefined ? {} : { points: body.points }),
    ...(body.active === undefined ? {} : { active: body.active }),
  };
  await ctx.db.transaction().execute((trx) => updateReactionType(trx, type.tagID, changes));
  return getReactionType(ctx, type.urlcode);
}
