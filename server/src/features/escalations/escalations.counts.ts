import type { RequestContext } from '../../http/context.ts';
import { isReportsModerator, moderatedScope } from '../reports/reports.policy.ts';
import { countActiveEscalations } from './escalations.repo.ts';

/**
 * `escalations` of `GET /users/me-counts` (api-contract §27.1): the open and in-progress
 * escalations the viewer moderates; null for viewers who moderate nowhere.
 */
export async function countEscalationsToHandle(ctx: RequestContext): Promise<number | null> {
  if (ctx.actor.userID <= 0 || !isReportsModerator(ctx.permissions)) return null;
  return countActiveEscalations(ctx.db, moderatedScope(ctx.permissions));
}
