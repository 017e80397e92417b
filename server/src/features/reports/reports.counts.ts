import type { RequestContext } from '../../http/context.ts';
import { isReportsModerator, moderatedScope } from './reports.policy.ts';
import { countNewReports } from './reports.list.repo.ts';

/**
 * `reports` of `GET /users/me-counts` (api-contract §27.1): the `new` reports the viewer
 * moderates; null for viewers who moderate nowhere (the count is not listed for them).
 */
export async function countReportsToModerate(ctx: RequestContext): Promise<number | null> {
  if (ctx.actor.userID <= 0 || !isReportsModerator(ctx.permissions)) return null;
  return countNewReports(ctx.db, moderatedScope(ctx.permissions));
}
