import { has } from '../../../../common/src/permissions/has.ts';
import { APPROVAL_REQUIRED_REASON, type ReportRecordType } from '../../../../common/src/api/reports.ts';
import { COMMENT_PENDING_MESSAGE } from '../../../../common/src/api/comments.ts';
import { DISCUSSION_PENDING_MESSAGE } from '../../../../common/src/api/discussions.ts';
import type { RequestContext } from '../../http/context.ts';
import { nowIso } from '../../platform/dates.ts';
import { runTransaction } from '../../platform/db/transaction.ts';
import { AppError } from '../../platform/errors.ts';
import type { Db } from '../../platform/db/db.ts';
import { escapeHtml } from '../../../../common/src/content/escape.ts';
import type { CategoryPermissionTarget } from '../categories/categories.policy.ts';
import { getSettings } from '../config/config.service.ts';
import { decideSpamHold } from '../spam/spam.service.ts';
import { moderatesPlace } from './reports.policy.ts';
import {
  insertReport,
} from './reports.repo.ts';
import {
  findPremoderationSubject,
} from './reports.records.repo.ts';

/** Why a post waits for approval (api-contract §27.5); `noteHtml` names a matched keyword. */
export interface PremoderationDecision {
  noteHtml: string | null;
  /** The queue entry's reason: `approval-required` unless a spam rule held it (`spam-automation`). */
  reportReasonID?: string | undefined;
}

/** The words of `premoderation.keywords` (separated by `;`), trimmed, lower-cased, non-empty. */
export function premoderationKeywords(setting: string): string[] {
  return setting
    .split(';')
    .map((word) => word.trim().toLowerCase())
    .filter((word) => word !== '');
}

/**
 * api-contract §27.2, §27.5: whether a new or edited post of a user who does not moderate it
 * waits for approval: `approval.require` (unless the author was verified), the type's flag with
 * the category in `premoderation.categoryIDs` (children not included), or a keyword in its name or
 * plain-text body (case-insensitive). Null when it is published at once.
 */
export async function decidePremoderation(
  ctx: RequestContext,
  post: {
    recordType: ReportRecordType;
    category: CategoryPermissionTarget;
    authorID: number;
    /** The caller's own moderator check of the post (e.g. `discussions.edit` in its category). */
    isModerator: boolean;
    name?: string | undefined;
    /** The rendered body, for the spam rules' link count. */
    html?: string | undefined;
    plainText: string;
  },
): Promise<PremoderationDecision | null> {
  if (post.isModerator || moderatesPlace(ctx.permissions, post.category)) return null;
  const settings = await getSettings(ctx.db);
  const text = `${post.name ?? ''}\n${post.plainText}`.toLowerCase();
  const keyword = premoderationKeywords(settings['premoderation.keywords']).find((word) => text.includes(word));
  if (keyword !== undefined)
    return { noteHtml: `<p>The following keyword requires approval: ${escapeHtml(keyword)}</p>` };
  const flag =
    post.recordType === 'discussion' ? settings['premoderation.discussions'] : settings['premoderation.comments'];
  if (flag && settings['premoderation.categoryIDs'].includes(post.category.categoryID)) return { noteHtml: null };
  if (post.authorID === ctx.actor.userID && has(ctx.permissions, 'approval.require')) {
    const subject = await findPremoderationSubject(ctx.db, post.authorID);
    if (!subject.verified) return { noteHtml: null };
  }
  // Issue 17: the rules that hold back new, untrusted accounts (never vouched-for ones).
  return decideSpamHold(ctx, post, settings);
}

/** The waiting post a queue entry describes (api-contract §27.5). */
export interface QueuedPost {
  recordType: ReportRecordType;
  recordID: number;
  recordName: string;
  recordHtml: string;
  recordFormat: string;
  recordUserID: number;
  recordDateInserted: string;
  placeRecordID: number;
  /** An edit waits: its source is kept in the entry until approved. */
  pendingEdit?: { name: string | null; body: string; format: string } | undefined;
}

/**
 * Adds the approval-queue entry of a waiting post (a Report with the decision's reason, by default
 * `approval-required`, inserted by the system user), in the caller's transaction; returns its `reportID`.
 */
export async function enqueueForApproval(
  db: Db,
  post: QueuedPost,
  decision: PremoderationDecision,
  at: string,
): Promise<number> {
  const subject = await findPremoderationSubject(db, post.recordUserID);
  return insertReport(
    db,
    {
      recordType: post.recordType,
      recordID: post.recordID,
      recordName: post.recordName,
      recordHtml: post.recordHtml,
      recordFormat: post.recordFormat,
      recordUserID: post.recordUserID,
      recordDateInserted: post.recordDateInserted,
      recordDateUpdated: null,
      placeRecordID: post.placeRecordID,
      noteHtml: decision.noteHtml,
      isUserReport: false,
      isPending: post.pendingEdit === undefined,
      isPendingUpdate: post.pendingEdit !== undefined,
      pendingName: post.pendingEdit?.name ?? null,
      pendingBody: post.pendingEdit?.body ?? null,
      pendingFormat: post.pendingEdit?.format ?? null,
      insertUserID: subject.systemUserID,
      dateInserted: at,
    },
    [decision.reportReasonID ?? APPROVAL_REQUIRED_REASON],
  );
}

/** A waiting edit: the record as it is, and the version the editor sent. */
export interface EditForApproval {
  recordType: ReportRecordType;
  recordID: number;
  category: CategoryPermissionTarget;
  /** The caller's own moderator check of the record. */
  isModerator: boolean;
  recordUserID: number;
  recordDateInserted: string;
  /** The edited version: name (discussions), rendering and source. */
  name: string;
  html: string;
  plainText: string;
  body: string;
  format: string;
  /** The new name when the edit changes it (discussions), else null. */
  pendingName: string | null;
}

/**
 * api-contract §27.5: an edit of a post's name or body by a user who does not moderate it waits for
 * approval under the same rules as a new post; the live version stays unchanged. Returns when the
 * edit may go ahead.
 * @throws AppError 202 "Your discussion will appear after it is approved." (or comment) with the
 * queue entry's `reportID` when the edit waits (Vanilla's PremoderationException, §1.10).
 */
export async function holdEditForApproval(ctx: RequestContext, edit: EditForApproval): Promise<void> {
  const decision = await decidePremoderation(ctx, {
    recordType: edit.recordType,
    category: edit.category,
    authorID: ctx.actor.userID,
    isModerator: edit.isModerator,
    name: edit.recordType === 'discussion' ? edit.name : undefined,
    html: edit.html,
    plainText: edit.plainText,
  });
  if (!decision) return;
  const now = nowIso(ctx.clock);
  const reportID = await runTransaction(ctx.db, (trx) =>
    enqueueForApproval(
      trx,
      {
        recordType: edit.recordType,
        recordID: edit.recordID,
        recordName: edit.name,
        recordHtml: edit.html,
        recordFormat: edit.format,
        recordUserID: edit.recordUserID,
        recordDateInserted: edit.recordDateInserted,
        placeRecordID: edit.category.categoryID,
        pendingEdit: { name: edit.pendingName, body: edit.body, format: edit.format },
      },
      decision,
      now,
    ),
  );
  throw new AppError(202, edit.recordType === 'discussion' ? DISCUSSION_PENDING_MESSAGE : COMMENT_PENDING_MESSAGE, {
    context: { reportID },
  });
}
