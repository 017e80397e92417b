import type { RequestContext } from '../../http/context.ts';
import { nowIso } from '../../platform/dates.ts';
import { categoryCountersUpdate, userCountersUpdate } from '../../platform/db/post-counters.ts';
import { runTransaction } from '../../platform/db/transaction.ts';
import { AppError } from '../../platform/errors.ts';
import { declareGuestChange } from '../../platform/guest-cache.ts';
import { pathCategoryIDs } from '../categories/categories.tree.ts';
import { findCategory } from '../categories/categories.lookup.ts';
import { computeHot } from './discussions.hot.ts';
import type { ContentFormat } from '../../../../common/src/api/content.ts';
import { changedFor, renderDiscussionBody } from './discussions.guards.ts';
import { findDiscussionByID, updateDiscussion } from './discussions.repo.ts';

/** What approving a pending discussion found (api-contract §27.5). */
export type ApprovalOutcome = 'approved' | 'alreadyAccepted' | 'missing';

/**
 * Approves a pending discussion (api-contract §27.5): it becomes `accepted` and appears as if
 * posted now (`dateInserted` = the approval time), counted in its category and its author's
 * counts, its category's last post; `discussionAdded` then notifies as for a new post. The caller
 * (the reports service) checked that the actor moderates it.
 */
export async function acceptPendingDiscussion(ctx: RequestContext, discussionID: number): Promise<ApprovalOutcome> {
  const row = await findDiscussionByID(ctx.db, discussionID);
  if (!row) return 'missing';
  if (row.moderationStatus === 'accepted') return 'alreadyAccepted';
  const category = await findCategory(ctx.db, row.categoryID);
  if (!category) throw new AppError(409, 'The category of this discussion no longer exists.');
  const now = nowIso(ctx.clock);
  await runTransaction(ctx.db, async (trx, control) => {
    await updateDiscussion(trx, discussionID, {
      moderationStatus: 'accepted',
      dateInserted: now,
      dateLastComment: now,
      hot: computeHot(row.score, now),
    });
    const author = row.type === 'redirect' ? undefined : userCountersUpdate(trx, row.insertUserID, { discussions: 1 });
    const categories = categoryCountersUpdate(trx, {
      categoryID: category.categoryID,
      chainIDs: pathCategoryIDs(category.treePath),
      discussions: 1,
      comments: 0,
      newPost: { discussionID, commentID: null, date: now },
    });
    for (const query of [author, categories]) if (query) control.atCommit(query);
  });
  declareGuestChange(ctx, changedFor(discussionID, category));
  ctx.events.publish('discussionAdded', {
    discussionID,
    categoryID: category.categoryID,
    insertUserID: row.insertUserID,
  });
  return 'approved';
}

/** Rejects a pending discussion: it stays `rejected`, never shown (api-contract §27.5). */
export async function rejectPendingDiscussion(ctx: RequestContext, discussionID: number): Promise<void> {
  const row = await findDiscussionByID(ctx.db, discussionID);
  if (!row || row.moderationStatus !== 'pending') return;
  await updateDiscussion(ctx.db, discussionID, { moderationStatus: 'rejected' });
}

/** The waiting version of a pending post after its moderator's edit (api-contract §27.4). */
export interface PendingVersion {
  name: string;
  html: string;
  format: string;
}

/**
 * Replaces the waiting version of a pending discussion before approval (`PATCH /reports/{id}`
 * `premoderatedRecord`, api-contract §27.4): name, body and format as the create call checks them
 * (the body rendered, 1..8000 plain characters). Not a revision: the post was never published.
 * Undefined when the discussion is gone or already accepted (a rejected one may still be approved).
 * @throws AppError 422 on `body` when the body is empty or too long.
 */
export async function replacePendingDiscussion(
  ctx: RequestContext,
  discussionID: number,
  input: { name?: string | undefined; body?: string | undefined; format?: ContentFormat | undefined },
): Promise<PendingVersion | undefined> {
  const row = await findDiscussionByID(ctx.db, discussionID);
  if (!row || row.moderationStatus === 'accepted') return undefined;
  const name = input.name ?? row.name;
  const body = input.body ?? row.body;
  const format = input.format ?? (row.format as ContentFormat);
  const rendered = await renderDiscussionBody(ctx, body, format);
  await updateDiscussion(ctx.db, discussionID, {
    name,
    body,
    format,
    bodyHtml: rendered.html,
    bodyPlainText: rendered.plainText,
  });
  return { name, html: rendered.html, format };
}
