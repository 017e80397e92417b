import type { RequestContext } from '../../http/context.ts';
import { notFound, permissionError } from '../../platform/errors.ts';
import { placeOf } from '../reports/reports.escalation-links.ts';
import { isReportsModerator, moderatesPlace, MODERATOR_PERMISSIONS } from '../reports/reports.policy.ts';
import { findEscalationByID, type EscalationRow } from './escalations.repo.ts';

/**
 * Escalations are for moderators (api-contract §27.7, §27.10).
 * @throws AppError 403 naming `posts.moderate, community.moderate`.
 */
export function assertModerator(ctx: RequestContext): void {
  if (ctx.actor.userID <= 0 || !isReportsModerator(ctx.permissions)) throw permissionError(MODERATOR_PERMISSIONS);
}

/**
 * An escalation the caller moderates; moderators elsewhere get 404, members 403.
 * @throws AppError 403, 404 "Escalation not found.".
 */
export async function requireModeratedEscalation(ctx: RequestContext, escalationID: number): Promise<EscalationRow> {
  assertModerator(ctx);
  const row = await findEscalationByID(ctx.db, escalationID);
  if (!row) throw notFound('Escalation');
  const place = await placeOf(ctx.db, row.placeRecordID);
  if (!place || !moderatesPlace(ctx.permissions, place)) throw notFound('Escalation');
  return row;
}
