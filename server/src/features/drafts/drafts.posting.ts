import type { RequestContext } from '../../http/context.ts';
import { deleteOwnDraft } from './drafts.repo.ts';

/**
 * api-contract §8/§9/§23: posting a discussion or comment with `draftID` deletes the draft. Only
 * the poster's own draft is deleted; another's or a missing one is left alone (the post stands).
 */
export async function removePostedDraft(ctx: RequestContext, draftID: number | undefined): Promise<void> {
  if (draftID === undefined || ctx.actor.userID <= 0) return;
  await deleteOwnDraft(ctx.db, draftID, ctx.actor.userID);
}
