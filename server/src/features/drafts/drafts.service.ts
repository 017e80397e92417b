import {
  DRAFT_MESSAGES,
  type CreateDraftBody,
  type Draft,
  type DraftEdit,
  type DraftListItem,
  type DraftListQuery,
  type PatchDraftBody,
  type ScheduleDraftBody,
} from '../../../../common/src/api/drafts.ts';
import type { RequestContext } from '../../http/context.ts';
import { authorize } from '../../permissions/authorize.ts';
import { nowIso } from '../../platform/dates.ts';
import { AppError, notFound, permissionError } from '../../platform/errors.ts';
import { enqueueJob } from '../../platform/jobs/enqueue.ts';
import { requireReadableComment } from '../comments/comments.service.ts';
import { requireViewableDiscussion } from '../discussions/discussions.guards.ts';
import { canAccessDraft, canUseDrafts } from './drafts.policy.ts';
import { presentDraft, presentDraftEdit } from './drafts.present.ts';
import {
  deleteDraftRow,
  findDraftByID,
  findDrafts,
  insertDraft,
  updateDraft,
  updateOwnUnscheduledDraft,
  type DraftChanges,
  type DraftRow,
} from './drafts.repo.ts';
import { assertSchedulable } from './drafts.schedule.ts';
import { attributesOf, type DraftShape } from './drafts.shape.ts';
import { presentListing } from './drafts.listing.ts';
import { PUBLISH_SCHEDULED_DRAFT_JOB } from './drafts.job-names.ts';

function requireSignedIn(ctx: RequestContext): void {
  authorize(canUseDrafts(ctx.permissions, ctx.actor.userID), { permissions: 'session.valid' });
}

/**
 * A draft the actor may act on (api-contract §23).
 * @throws AppError 403 for guests and for another user's draft without `community.moderate`; 404 "Draft not found.".
 */
async function requireDraft(ctx: RequestContext, draftID: number): Promise<DraftRow> {
  requireSignedIn(ctx);
  const row = await findDraftByID(ctx.db, draftID);
  if (!row) throw notFound('Draft', { draftID });
  if (!canAccessDraft(ctx.permissions, ctx.actor.userID, row)) throw permissionError(['community.moderate']);
  return row;
}

/**
 * api-contract §23: `recordID` must name an existing post of the draft's type that the actor can
 * read (a hidden one answers as the post's own read would: 404, or 403 without view).
 */
async function assertRecordExists(ctx: RequestContext, recordType: string, recordID: number | null): Promise<void> {
  if (recordID === null) return;
  if (recordType === 'discussion') await requireViewableDiscussion(ctx, ctx.db, recordID);
  else if (recordType === 'comment') await requireReadableComment(ctx, ctx.db, recordID);
}

function shapeOf(row: DraftRow): DraftShape {
  return {
    recordType: presentDraft(row).recordType,
    recordID: row.recordID,
    parentRecordType: row.parentRecordType,
    parentRecordID: row.parentRecordID,
    attributes: attributesOf(row),
  };
}

/** Queues the publishing job of a scheduled draft, in the caller's transaction. */
async function enqueuePublishing(ctx: RequestContext, db: RequestContext['db'], draftID: number, dateScheduled: string): Promise<void> {
  await enqueueJob(db, PUBLISH_SCHEDULED_DRAFT_JOB, { draftID, dateScheduled }, { runAt: dateScheduled, clock: ctx.clock });
}

/**
 * `GET /drafts` (api-contract §23): the current user's drafts with the listing's extras, and the
 * total for the numbered pager.
 */
export async function listDrafts(
  ctx: RequestContext,
  query: DraftListQuery,
): Promise<{ drafts: DraftListItem[]; total: number }> {
  requireSignedIn(ctx);
  const { rows, total } = await findDrafts(
    ctx.db,
    {
      userID: ctx.actor.userID,
      draftStatus: query.draftStatus,
      recordType: query.recordType,
      parentRecordType: query.parentRecordType,
      parentRecordID: query.parentRecordID,
      dateUpdated: query.dateUpdated,
      dateScheduled: query.dateScheduled,
    },
    { sort: query.sort, offset: (query.page - 1) * query.limit, limit: query.limit },
  );
  return { drafts: await presentListing(ctx, rows), total };
}

/** `GET /drafts/{id}`. @throws AppError 403, 404 "Draft not found.". */
export async function getDraft(ctx: RequestContext, draftID: number): Promise<Draft> {
  return presentDraft(await requireDraft(ctx, draftID));
}

/** `GET /drafts/{id}/edit`. @throws AppError 403, 404. */
export async function getDraftEdit(ctx: RequestContext, draftID: number): Promise<DraftEdit> {
  return presentDraftEdit(await requireDraft(ctx, draftID));
}

/**
 * `POST /drafts` (api-contract §23): a draft, or a scheduled post with `draftStatus: "scheduled"`.
 * @throws AppError 403, 404 for a missing `recordID`, 400/422 validation and scheduling errors.
 */
export async function createDraft(ctx: RequestContext, input: CreateDraftBody): Promise<Draft> {
  requireSignedIn(ctx);
  const shape: DraftShape = {
    recordType: input.recordType,
    recordID: input.recordID ?? null,
    parentRecordType: input.parentRecordType ?? null,
    parentRecordID: input.parentRecordID ?? null,
    attributes: input.attributes,
  };
  await assertRecordExists(ctx, shape.recordType, shape.recordID);
  const scheduled = input.draftStatus === 'scheduled';
  const dateScheduled = scheduled ? await assertSchedulable(ctx, shape, input.dateScheduled, null, true) : null;
  const now = nowIso(ctx.clock);
  const draftID = await ctx.db.transaction().execute(async (trx) => {
    const id = await insertDraft(trx, {
      recordType: shape.recordType,
      recordID: shape.recordID,
      parentRecordType: shape.parentRecordType,
      parentRecordID: shape.parentRecordID,
      attributes: JSON.stringify({ format: 'rich2', ...shape.attributes }),
      insertUserID: ctx.actor.userID,
      dateInserted: now,
      updateUserID: null,
      dateUpdated: now,
      draftStatus: scheduled ? 'scheduled' : 'draft',
      dateScheduled,
      failedReason: null,
    });
    if (dateScheduled !== null) await enqueuePublishing(ctx, trx, id, dateScheduled);
    return id;
  });
  return getDraft(ctx, draftID);
}

/**
 * `PATCH /drafts/{id}` (api-contract §23): any fields; `draftStatus: "draft"` un-schedules,
 * `"scheduled"` schedules (with the scheduling rules).
 * @throws AppError 403, 404, 400/422.
 */
export async function patchDraft(ctx: RequestContext, draftID: number, input: PatchDraftBody): Promise<Draft> {
  if (input.attributes !== undefined && Object.keys(input).length === 1 && canUseDrafts(ctx.permissions, ctx.actor.userID)) {
    // The autosave (spec 001 §7.11, every 5 s of typing): one statement when it is the author's
    // unscheduled draft; anything else takes the full path below (404, 403, scheduling rules).
    const saved = await updateOwnUnscheduledDraft(ctx.db, draftID, ctx.actor.userID, {
      attributes: JSON.stringify({ format: 'rich2', ...input.attributes }),
      updateUserID: ctx.actor.userID,
      dateUpdated: nowIso(ctx.clock),
    });
    if (saved) return presentDraft(saved);
  }
  const row = await requireDraft(ctx, draftID);
  const current = shapeOf(row);
  const next: DraftShape = {
    recordType: input.recordType ?? current.recordType,
    recordID: input.recordID === undefined ? current.recordID : input.recordID,
    parentRecordType: input.parentRecordType === undefined ? current.parentRecordType : input.parentRecordType,
    parentRecordID: input.parentRecordID === undefined ? current.parentRecordID : input.parentRecordID,
    attributes: input.attributes ?? current.attributes,
  };
  if (next.recordID !== current.recordID || next.recordType !== current.recordType)
    await assertRecordExists(ctx, next.recordType, next.recordID);
  const wasScheduled = row.draftStatus === 'scheduled' || row.draftStatus === 'publishing';
  const status = input.draftStatus ?? (row.draftStatus === 'publishing' ? 'scheduled' : row.draftStatus);
  const changes: DraftChanges = {
    recordType: next.recordType,
    recordID: next.recordID,
    parentRecordType: next.parentRecordType,
    parentRecordID: next.parentRecordID,
    updateUserID: ctx.actor.userID,
    dateUpdated: nowIso(ctx.clock),
  };
  if (input.attributes !== undefined) changes.attributes = JSON.stringify({ format: 'rich2', ...input.attributes });
  let enqueueAt: string | null = null;
  if (status === 'scheduled') {
    const requested = input.dateScheduled === undefined ? row.dateScheduled : input.dateScheduled;
    const dateChanged = !wasScheduled || (requested !== null && Date.parse(requested) !== Date.parse(row.dateScheduled ?? ''));
    // An autosave of a scheduled draft keeps its date even when the lead time has begun.
    const dateScheduled = await assertSchedulable(ctx, next, requested, draftID, dateChanged);
    changes.draftStatus = 'scheduled';
    changes.dateScheduled = dateScheduled;
    changes.failedReason = null;
    if (dateChanged) enqueueAt = dateScheduled;
  } else if (input.draftStatus === 'draft') {
    Object.assign(changes, { draftStatus: 'draft', dateScheduled: null, failedReason: null });
  }
  if (enqueueAt === null) {
    // An autosave: one statement, and the answer is built from what was written (no re-read).
    if (!(await updateDraft(ctx.db, draftID, changes))) throw notFound('Draft', { draftID });
  } else {
    const at = enqueueAt;
    await ctx.db.transaction().execute(async (trx) => {
      await updateDraft(trx, draftID, changes);
      await enqueuePublishing(ctx, trx, draftID, at);
    });
  }
  return presentDraft({ ...row, ...changes });
}

/** `DELETE /drafts/{id}`. @throws AppError 403, 404. */
export async function deleteDraft(ctx: RequestContext, draftID: number): Promise<void> {
  await requireDraft(ctx, draftID);
  await deleteDraftRow(ctx.db, draftID);
}

/**
 * `PATCH /drafts/schedule/{id}` (api-contract §23): a new date for a scheduled draft
 * (`publishedSilently` kept in `draftMeta`).
 * @throws AppError 400 "You cannot update the schedule as it is not currently in the scheduled state.", 403, 404.
 */
export async function scheduleDraft(ctx: RequestContext, draftID: number, input: ScheduleDraftBody): Promise<Draft> {
  const row = await requireDraft(ctx, draftID);
  if (row.draftStatus !== 'scheduled') throw new AppError(400, DRAFT_MESSAGES.notScheduled);
  const shape = shapeOf(row);
  const dateScheduled = await assertSchedulable(ctx, shape, input.dateScheduled, draftID, true);
  const changes: DraftChanges = { dateScheduled, updateUserID: ctx.actor.userID, dateUpdated: nowIso(ctx.clock) };
  if (input.publishedSilently !== undefined) {
    const attributes = { ...shape.attributes, draftMeta: { ...shape.attributes.draftMeta, publishedSilently: input.publishedSilently } };
    changes.attributes = JSON.stringify(attributes);
  }
  const moved = Date.parse(dateScheduled) !== Date.parse(row.dateScheduled ?? '');
  await ctx.db.transaction().execute(async (trx) => {
    await updateDraft(trx, draftID, changes);
    if (moved) await enqueuePublishing(ctx, trx, draftID, dateScheduled);
  });
  return getDraft(ctx, draftID);
}

/**
 * `PATCH /drafts/cancel-schedule/{id}` (api-contract §23): back to a draft.
 * @throws AppError 400 "The record currently is a draft no changes are needed.", 403, 404.
 */
export async function cancelDraftSchedule(ctx: RequestContext, draftID: number): Promise<Draft> {
  const row = await requireDraft(ctx, draftID);
  if (row.draftStatus === 'draft') throw new AppError(400, DRAFT_MESSAGES.alreadyDraft);
  await updateDraft(ctx.db, draftID, {
    draftStatus: 'draft',
    dateScheduled: null,
    failedReason: null,
    updateUserID: ctx.actor.userID,
    dateUpdated: nowIso(ctx.clock),
  });
  return getDraft(ctx, draftID);
}
