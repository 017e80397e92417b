import type { RequestContext } from '../../http/context.ts';
import { countDraftsOf } from './drafts.repo.ts';

/** The signed-in user's drafts, scheduled and failed ones included (`GET /users/me-counts` "Drafts"). */
export async function countDraftsOfActor(ctx: RequestContext): Promise<number> {
  return ctx.actor.userID > 0 ? countDraftsOf(ctx.db, ctx.actor.userID) : 0;
}
