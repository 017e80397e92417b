import {
  alreadyScheduledByMessage,
  DRAFT_MESSAGES,
  DRAFT_SCHEDULE_MAX_DAYS,
  scheduleTooSoonMessage,
} from '../../../../common/src/api/drafts.ts';
import type { RequestContext } from '../../http/context.ts';
import { authorize } from '../../permissions/authorize.ts';
import { AppError, fieldError, validationError, type FieldError } from '../../platform/errors.ts';
import { getSettings } from '../config/config.service.ts';
import { canScheduleDrafts } from './drafts.policy.ts';
import { findOtherScheduledUpdate } from './drafts.repo.ts';
import { categoryIDOfDraft, type DraftShape } from './drafts.shape.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The scheduling rules of api-contract §23, checked when a draft becomes or stays scheduled:
 * the feature flag, `schedule.allow`, the date window (the configured lead to 1 year ahead), the
 * fields a discussion needs to publish (dotted names), and one scheduled update per record.
 * `checkDate` false keeps an unchanged date (an autosave inside the lead time). Returns the date.
 * @throws AppError 400 "Draft scheduling is not enabled.", 403, 400 validation errors.
 */
export async function assertSchedulable(
  ctx: RequestContext,
  draft: DraftShape,
  dateScheduled: string | null | undefined,
  draftID: number | null,
  checkDate: boolean,
): Promise<string> {
  const settings = await getSettings(ctx.db);
  if (!settings['featureFlags.DraftScheduling.Enabled']) throw new AppError(400, DRAFT_MESSAGES.schedulingDisabled);
  authorize(canScheduleDrafts(ctx.permissions), { permissions: 'schedule.allow' });
  if (dateScheduled === null || dateScheduled === undefined)
    throw fieldError('dateScheduled', 'dateScheduled is required.', 400, 'missingField');
  const lead = settings['drafts.scheduling.minimumLeadSeconds'];
  const at = Date.parse(dateScheduled);
  const now = ctx.clock();
  if (checkDate && at < now + lead * 1000) throw fieldError('dateScheduled', scheduleTooSoonMessage(lead), 400);
  if (checkDate && at >= now + DRAFT_SCHEDULE_MAX_DAYS * DAY_MS) throw fieldError('dateScheduled', DRAFT_MESSAGES.tooLate, 400);

  const missing: FieldError[] = [];
  const require = (field: string, value: unknown) => {
    if (value === undefined || value === null || (typeof value === 'string' && value.trim() === ''))
      missing.push({ field, code: 'missingField', message: `${field} is required.`, status: 400 });
  };
  const attributes = draft.attributes;
  const meta = attributes.draftMeta;
  if (draft.recordType === 'discussion') {
    require('attributes.format', attributes.format);
    require('attributes.body', attributes.body);
    require('attributes.draftMeta.name', meta?.name);
    require('attributes.draftMeta.postTypeID', meta?.postTypeID);
    if (draft.recordID === null) require('attributes.draftMeta.categoryID', categoryIDOfDraft(draft));
  } else if (draft.recordType === 'comment') {
    require('attributes.body', attributes.body);
    if (draft.recordID === null) require('parentRecordID', draft.parentRecordID);
  } else {
    missing.push({
      field: 'recordType',
      code: 'invalid',
      message: `Scheduling ${draft.recordType} drafts is not supported.`,
      status: 400,
    });
  }
  if (missing.length > 0) throw validationError(missing);
  if (draft.recordID !== null) {
    const other = await findOtherScheduledUpdate(ctx.db, draft.recordType, draft.recordID, draftID);
    // Vanilla names the other member whose update is pending; the member's own gets the longer advice.
    if (other !== undefined) {
      const own = other.insertUserID === ctx.actor.userID || other.insertUserName === null;
      throw fieldError('recordID', own ? DRAFT_MESSAGES.alreadyScheduled : alreadyScheduledByMessage(other.insertUserName ?? ''), 400);
    }
  }
  return new Date(at).toISOString();
}
