import { z } from 'zod';
import { createCommentBodySchema, patchCommentBodySchema } from '../../../../common/src/api/comments.ts';
import { createDiscussionBodySchema, patchDiscussionBodySchema } from '../../../../common/src/api/discussions.ts';
import { has } from '../../../../common/src/permissions/has.ts';
import type { RequestContext } from '../../http/context.ts';
import { nowIso } from '../../platform/dates.ts';
import { AppError } from '../../platform/errors.ts';
import { declaredGuestChange } from '../../platform/guest-cache.ts';
import { registerJob, type JobRun } from '../../platform/jobs/registry.ts';
import { contextOfUser } from '../calls/calls.service.ts';
import { createComment } from '../comments/comments.create.ts';
import { patchComment } from '../comments/comments.edit.ts';
import { createDiscussion } from '../discussions/discussions.create.ts';
import { patchDiscussion } from '../discussions/discussions.edit.ts';
import { PUBLISH_SCHEDULED_DRAFT_JOB } from './drafts.job-names.ts';
import { claimDraftForPublishing, deleteDraftRow, failDraft, findDraftByID, updateDraft, type DraftRow } from './drafts.repo.ts';
import { attributesOf, categoryIDOfDraft, discussionIDOfCommentDraft } from './drafts.shape.ts';

/** Why a post could not be published, shown to its author (`failedReason`). */
export const FAILED_REASONS = {
  interrupted: 'Publishing was interrupted. Check whether the post appeared before you schedule it again.',
  categoryMissing: 'The category of this post no longer exists.',
  categoryForbidden: 'You are no longer allowed to post in this category.',
  discussionMissing: 'The discussion of this post no longer exists.',
  recordMissing: 'The post this draft updates no longer exists.',
  notAllowed: 'You are no longer allowed to publish this post.',
  unsupported: 'Drafts of this type cannot be published on schedule.',
  authorBlocked: 'Your account could not post when this was due (banned or deleted).',
} as const;

const payloadSchema = z.object({ draftID: z.number().int().positive(), dateScheduled: z.string() });

/** A post the draft would make that its own rules refuse: a reason for the author, not a retry. */
class DraftRefused extends Error {
  override name = 'DraftRefused';
}

function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'The draft is not a valid post.';
  const field = issue.path.map(String).join('.');
  return field === '' ? issue.message : `${field}: ${issue.message}`;
}

function parsed<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw new DraftRefused(firstIssue(result.error));
  return result.data;
}

/** The author-facing reason of a refusal by the posting services (never a 5xx for the author). */
function reasonOf(row: DraftRow, error: AppError): string {
  const field = error.errors?.[0];
  const detail = field ? `${field.field}: ${field.message}` : error.message;
  if (error.statusCode === 404) {
    if (/^Category/.test(error.message)) return FAILED_REASONS.categoryMissing;
    if (/^Discussion/.test(error.message))
      return row.recordType === 'discussion' ? FAILED_REASONS.recordMissing : FAILED_REASONS.discussionMissing;
    if (/^Comment/.test(error.message)) return FAILED_REASONS.recordMissing;
    return detail;
  }
  if (error.statusCode === 410) return row.recordType === 'discussion' ? FAILED_REASONS.recordMissing : FAILED_REASONS.discussionMissing;
  if (error.statusCode === 403 || error.statusCode === 401) {
    return row.recordType === 'discussion' && row.recordID === null ? FAILED_REASONS.categoryForbidden : FAILED_REASONS.notAllowed;
  }
  return detail;
}

/** Publishes the draft as its author through the posting services (notifications follow as usual, unless published silently). */
async function publish(ctx: RequestContext, row: DraftRow): Promise<void> {
  // A banned or deleted author's permission set is empty: say so rather than blame the category.
  if (!has(ctx.permissions, 'session.valid')) throw new DraftRefused(FAILED_REASONS.authorBlocked);
  const attributes = attributesOf(row);
  const meta = attributes.draftMeta ?? {};
  const content = { body: attributes.body, format: attributes.format ?? 'rich2' };
  if (row.recordType === 'discussion') {
    const fields = {
      ...content,
      name: meta.name ?? attributes.name ?? undefined,
      ...(meta.tagIDs ? { tagIDs: meta.tagIDs } : {}),
      ...(meta.newTagNames ? { newTagNames: meta.newTagNames } : {}),
      ...(meta.pinned ? { pinned: true, pinLocation: meta.pinLocation === 'recent' ? 'recent' : 'category' } : {}),
    };
    if (row.recordID === null) {
      const categoryID = categoryIDOfDraft({ ...row, attributes });
      if (categoryID === null) throw new DraftRefused(FAILED_REASONS.categoryMissing);
      await createDiscussion(ctx, parsed(createDiscussionBodySchema, { ...fields, categoryID }));
    } else {
      await patchDiscussion(ctx, row.recordID, parsed(patchDiscussionBodySchema, fields));
    }
    return;
  }
  if (row.recordType === 'comment') {
    if (row.recordID === null) {
      const discussionID = discussionIDOfCommentDraft(row);
      if (discussionID === null) throw new DraftRefused(FAILED_REASONS.discussionMissing);
      const parentCommentID = typeof meta.commentParentID === 'number' ? meta.commentParentID : undefined;
      await createComment(ctx, parsed(createCommentBodySchema, { ...content, discussionID, parentCommentID }));
    } else {
      await patchComment(ctx, row.recordID, parsed(patchCommentBodySchema, content));
    }
    return;
  }
  throw new DraftRefused(FAILED_REASONS.unsupported);
}

/**
 * The job of a scheduled draft (api-contract §23; ARCHITECTURE "Jobs"): at `dateScheduled` it
 * takes the draft (scheduled → publishing, one statement, so one process wins), posts it as its
 * author and deletes it; a refusal (category gone or forbidden, invalid fields) sets
 * `draftStatus: error` with `failedReason`. A rescheduled or cancelled draft's old job finds its
 * date changed and skips. An attempt that finds the draft still `publishing` was interrupted
 * after taking it: it never posts twice, it reports the interruption instead.
 */
export async function publishScheduledDraft(payload: z.output<typeof payloadSchema>, run: JobRun): Promise<void> {
  const { services } = run;
  const db = services.db;
  const row = await findDraftByID(db, payload.draftID);
  // Skips: the draft was deleted (or published by an earlier job).
  if (!row) return;
  const sameDate = row.dateScheduled !== null && Date.parse(row.dateScheduled) === Date.parse(payload.dateScheduled);
  if (row.draftStatus === 'publishing' && sameDate && run.attempts > 1) {
    await failDraft(db, row.draftID, FAILED_REASONS.interrupted, nowIso(services.clock));
    return;
  }
  // Skips: rescheduled (a newer job has the new date), cancelled, or failed already.
  if (!sameDate || row.draftStatus !== 'scheduled') return;
  // Skips: another process took it between the read and the claim.
  if (!(await claimDraftForPublishing(db, row.draftID, row.dateScheduled ?? payload.dateScheduled))) return;
  // Several drafts of one author may fall due together: flood control is for typing, not schedules.
  // `draftMeta.publishedSilently` (api-contract §23): the post appears without notifying anyone.
  const ctx = {
    ...(await contextOfUser(services, row.insertUserID, '127.0.0.1')),
    publishingScheduledDraft: true,
    publishSilently: attributesOf(row).draftMeta?.publishedSilently === true,
  };
  try {
    await publish(ctx, row);
  } catch (error) {
    if (error instanceof DraftRefused || (error instanceof AppError && error.statusCode < 500)) {
      const reason = error instanceof AppError ? reasonOf(row, error) : error.message;
      await failDraft(db, row.draftID, reason, nowIso(services.clock));
      return;
    }
    // Not the draft's fault (the database went away): scheduled again, and the job retries.
    await updateDraft(db, row.draftID, { draftStatus: 'scheduled' });
    throw error;
  }
  await deleteDraftRow(db, row.draftID);
  const change = declaredGuestChange(ctx);
  if (change !== undefined && change !== 'nothing') services.guestCache?.invalidate(change);
}

registerJob(PUBLISH_SCHEDULED_DRAFT_JOB, {
  schema: payloadSchema,
  maxAttempts: 5,
  handler: publishScheduledDraft,
});
