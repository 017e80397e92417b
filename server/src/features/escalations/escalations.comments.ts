import type { ContentFormat } from '../../../../common/src/api/content.ts';
import type { EscalationComment } from '../../../../common/src/api/escalations.ts';
import type { RequestContext } from '../../http/context.ts';
import { renderBody } from '../../platform/content/render.ts';
import { nowIso } from '../../platform/dates.ts';
import type { Db } from '../../platform/db/db.ts';
import { runTransaction } from '../../platform/db/transaction.ts';
import { AppError } from '../../platform/errors.ts';
import { deletedUserFragment } from '../users/users.present.ts';
import { loadUserFragments } from '../users/users.service.ts';
import { requireModeratedEscalation } from './escalations.access.ts';
import { findEscalationByID } from './escalations.repo.ts';
import { placeOf } from '../reports/reports.escalation-links.ts';
import { moderatesPlace } from '../reports/reports.policy.ts';
import {
  findEscalationCommentByID,
  findEscalationComments,
  insertEscalationComment,
  type EscalationCommentRow,
} from './escalation-comments.repo.ts';
import { escalationCommentPermissions, type EscalationPlace } from './escalations.comment-policy.ts';
import { escalationUrl } from './escalations.present.ts';
import type { EscalationRow } from './escalations.repo.ts';

// api-contract §27.7, §9: moderators discuss an escalation in comments with
// `parentRecordType: "escalation"`; only moderators of the escalation's record read or add them.

async function presentEscalationComments(
  ctx: RequestContext,
  escalation: EscalationRow,
  rows: readonly EscalationCommentRow[],
  options: { insertUser: boolean; body: boolean },
): Promise<EscalationComment[]> {
  const users = await loadUserFragments(ctx, [...new Set(rows.map((row) => row.insertUserID))]);
  const url = escalationUrl(ctx.config.baseUrl, escalation.escalationID);
  const place = await placeOf(ctx.db, escalation.placeRecordID);
  const permissions = await Promise.all(rows.map((row) => escalationCommentPermissions(ctx, row, place)));
  return rows.map((row, index) => ({
    commentID: row.commentID,
    parentRecordType: 'escalation' as const,
    parentRecordID: row.escalationID,
    parentCommentID: null,
    depth: 1,
    countChildComments: 0,
    scoreChildComments: 0,
    name: `Re: ${escalation.name}`,
    categoryID: escalation.placeRecordID,
    ...(options.body ? { body: row.bodyHtml } : {}),
    format: row.format,
    dateInserted: row.dateInserted,
    dateUpdated: row.dateUpdated,
    insertUserID: row.insertUserID,
    ...(options.insertUser ? { insertUser: users.get(row.insertUserID) ?? deletedUserFragment() } : {}),
    updateUserID: row.updateUserID,
    score: 0,
    url: `${url}#Comment_${String(row.commentID)}`,
    attributes: {},
    moderationStatus: 'accepted' as const,
    displayType: 'full' as const,
    permissions: permissions[index] ?? { 'comments.add': true, 'comments.edit': false, 'comments.delete': false },
    type: 'comment' as const,
  }));
}

/** Renders and stores a comment on an escalation in the caller's transaction (the initial comment of `POST /escalations`). */
export async function addEscalationComment(
  ctx: RequestContext,
  db: Db,
  input: { escalationID: number; body: string; format: ContentFormat },
): Promise<number> {
  const rendered = await renderBody(ctx, { body: input.body, format: input.format });
  return insertEscalationComment(db, {
    escalationID: input.escalationID,
    body: input.body,
    format: input.format,
    bodyHtml: rendered.html,
    insertUserID: ctx.actor.userID,
    dateInserted: nowIso(ctx.clock),
  });
}

/**
 * `POST /comments` with `parentRecordType: "escalation"` (api-contract §9, §27.7): 201 the
 * comment; counted in the escalation's `countComments`.
 * @throws AppError 403 (not a moderator), 404 "Escalation not found.".
 */
export async function createEscalationComment(
  ctx: RequestContext,
  input: { escalationID: number; body: string; format: ContentFormat },
): Promise<EscalationComment> {
  const escalation = await requireModeratedEscalation(ctx, input.escalationID);
  const commentID = await runTransaction(ctx.db, (trx) => addEscalationComment(ctx, trx, input));
  const row = await findEscalationCommentByID(ctx.db, commentID);
  if (!row) throw new AppError(404, 'Comment not found.');
  const [comment] = await presentEscalationComments(ctx, escalation, [row], { insertUser: true, body: true });
  if (!comment) throw new AppError(404, 'Comment not found.');
  return comment;
}

/**
 * `GET /comments?parentRecordType=escalation&parentRecordID={id}` (api-contract §9, §27.7):
 * the escalation's comments, oldest first by default; numbered pager over `countComments`.
 * @throws AppError 403, 404 "Escalation not found.".
 */
export async function listEscalationComments(
  ctx: RequestContext,
  query: {
    escalationID: number;
    page: number;
    limit: number;
    sort: string;
    expand: ReadonlySet<string> | undefined;
  },
): Promise<{ comments: EscalationComment[]; paging: { page: number; limit: number; total: number } }> {
  const escalation = await requireModeratedEscalation(ctx, query.escalationID);
  const rows = await findEscalationComments(ctx.db, escalation.escalationID, {
    descending: query.sort.startsWith('-'),
    offset: (query.page - 1) * query.limit,
    limit: query.limit,
  });
  const expand = query.expand ?? new Set<string>();
  const comments = await presentEscalationComments(ctx, escalation, rows, {
    insertUser: !expand.has('-insertUser'),
    body: !expand.has('-body'),
  });
  return { comments, paging: { page: query.page, limit: query.limit, total: escalation.countComments } };
}

/**
 * `GET /comments/{id}` of a comment on an escalation: the comment for moderators of the
 * escalation's record; undefined when the ID is not an escalation comment.
 * @throws AppError 404 "Comment not found." to everyone else (the escalation is not theirs to see).
 */
export async function findReadableEscalationComment(ctx: RequestContext, commentID: number): Promise<EscalationComment | undefined> {
  const found = await findModeratedEscalationComment(ctx, commentID);
  return found ? presentEscalationComment(ctx, found.escalation, found.row) : undefined;
}

/**
 * An escalation comment with its escalation and place, for a moderator of the escalation's
 * record; undefined when the ID is not an escalation comment.
 * @throws AppError 404 "Comment not found." to everyone else.
 */
export async function findModeratedEscalationComment(
  ctx: RequestContext,
  commentID: number,
): Promise<{ row: EscalationCommentRow; escalation: EscalationRow; place: EscalationPlace } | undefined> {
  const row = await findEscalationCommentByID(ctx.db, commentID);
  if (!row) return undefined;
  const escalation = await findEscalationByID(ctx.db, row.escalationID);
  const place = escalation ? await placeOf(ctx.db, escalation.placeRecordID) : undefined;
  if (!escalation || !place || ctx.actor.userID <= 0 || !moderatesPlace(ctx.permissions, place))
    throw new AppError(404, 'Comment not found.');
  return { row, escalation, place };
}

/** One escalation comment as the API answers it. */
export async function presentEscalationComment(ctx: RequestContext, escalation: EscalationRow, row: EscalationCommentRow): Promise<EscalationComment> {
  const [comment] = await presentEscalationComments(ctx, escalation, [row], { insertUser: true, body: true });
  if (!comment) throw new AppError(404, 'Comment not found.');
  return comment;
}
