import type { ContentFormat } from '../../../../common/src/api/content.ts';
import type { RequestContext } from '../../http/context.ts';
import { authorize } from '../../permissions/authorize.ts';
import { renderBody, type RenderedContent } from '../../platform/content/render.ts';
import type { Db } from '../../platform/db/db.ts';
import { AppError, fieldError, notFound } from '../../platform/errors.ts';
import type { GuestCacheChange } from '../../platform/guest-cache.ts';
import { findCategoriesByIDsFor, findCategory, type CategoryRow } from '../categories/categories.lookup.ts';
import { pathCategoryIDs } from '../categories/categories.tree.ts';
import { getSettings } from '../config/config.service.ts';
import {
  canDeleteDiscussion,
  canSeePending,
  canViewDiscussion,
  type DiscussionActor,
  type EditWindow,
} from './discussions.policy.ts';
import { findDiscussionByID, type DiscussionRow } from './discussions.repo.ts';

/** The policies' view of the request's actor. */
export function actorOf(ctx: RequestContext): DiscussionActor {
  return { set: ctx.permissions, userID: ctx.actor.userID };
}

/** The author's edit window at the request's time (`ui.editContentTimeout`). */
export async function editWindowOf(ctx: RequestContext): Promise<EditWindow> {
  const settings = await getSettings(ctx.db);
  return { timeoutSeconds: settings['ui.editContentTimeout'], now: ctx.clock() };
}

/** A category by ID; 404 "Category not found." otherwise. */
export async function requireCategory(db: Db, categoryID: number): Promise<CategoryRow> {
  const category = await findCategory(db, categoryID);
  if (!category) throw notFound('Category', { categoryID });
  return category;
}

/** A discussion by ID, whatever its state; 404 "Discussion not found." otherwise. */
export async function requireDiscussion(db: Db, discussionID: number): Promise<DiscussionRow> {
  const row = await findDiscussionByID(db, discussionID);
  if (!row) throw notFound('Discussion', { discussionID });
  return row;
}

/**
 * A discussion the actor may see, with its category.
 * @throws AppError 404 "Discussion not found." (also for pending discussions of non-moderators);
 * 403 without `discussions.view` in its category.
 */
export async function requireViewableDiscussion(
  ctx: RequestContext,
  db: Db,
  discussionID: number,
): Promise<{ row: DiscussionRow; category: CategoryRow }> {
  const row = await findDiscussionByID(db, discussionID);
  if (!row) throw notFound('Discussion', { discussionID });
  // Outside a transaction the category is the request's one load of it (a page presents it again).
  const category =
    db === ctx.db
      ? (await findCategoriesByIDsFor(ctx, [row.categoryID])).get(row.categoryID)
      : await findCategory(db, row.categoryID);
  if (!category) throw notFound('Category', { categoryID: row.categoryID });
  if (row.moderationStatus !== 'accepted' && !canSeePending(actorOf(ctx), category))
    throw notFound('Discussion', { discussionID });
  authorize(canViewDiscussion(ctx.permissions, category), { permissions: 'discussions.view' });
  return { row, category };
}

/** api-contract §8: headings and nested-only categories take no posts. */
export function assertPostableCategory(category: CategoryRow): void {
  const displayAs = category.displayAs.toLowerCase();
  if (displayAs === 'heading' || displayAs === 'categories') {
    const label = `${displayAs.charAt(0).toUpperCase()}${displayAs.slice(1)}`;
    throw new AppError(
      403,
      `You are not allowed to post in categories with a display type of ${label}.`,
    );
  }
}

/** The category's allowed types (null: all) must include the post's type. */
export function assertTypeAllowed(category: CategoryRow, type: string): void {
  if (category.allowedDiscussionTypes === null) return;
  if (!category.allowedDiscussionTypes.includes(type))
    throw fieldError(
      'categoryID',
      `Posts of type "${type}" are not allowed in this category.`,
      400,
    );
}

/**
 * What guests see change when a discussion changes (the guest cache): its pages, and the pages,
 * totals and last posts of its category and their ancestors (both ends of a move).
 */
export function changedFor(
  discussionID: number,
  ...categories: (Pick<CategoryRow, 'categoryID' | 'treePath'> | undefined)[]
): GuestCacheChange {
  const categoryIDs: number[] = [];
  for (const category of categories) {
    if (category) categoryIDs.push(category.categoryID, ...pathCategoryIDs(category.treePath));
  }
  return { discussionIDs: [discussionID], categoryIDs };
}

/**
 * The checks of `DELETE /discussions/{id}` before its long runner starts.
 * @throws AppError 404, 403 (`discussions.delete`).
 */
export async function assertDeletable(ctx: RequestContext, discussionID: number): Promise<void> {
  const row = await findDiscussionByID(ctx.db, discussionID);
  if (!row) throw notFound('Discussion', { discussionID });
  const category = await requireCategory(ctx.db, row.categoryID);
  authorize(canDeleteDiscussion(actorOf(ctx), category), { permissions: 'discussions.delete' });
}

/** Renders a body, or says which field is wrong (api-contract §1.8: 1..8000 plain characters). */
export async function renderDiscussionBody(
  ctx: RequestContext,
  body: string,
  format: ContentFormat,
): Promise<RenderedContent> {
  return renderBody({ db: ctx.db, config: ctx.config }, { body, format });
}

/** The state flags a create or a patch may ask for. */
export interface FlagInput {
  closed?: boolean | undefined;
  sink?: boolean | undefined;
  pinned?: boolean | undefined;
  pinLocation?: 'category' | 'recent' | undefined;
  announce?: boolean | undefined;
  resolved?: boolean | undefined;
}

/** The pin an input asks for: `pinned`/`announce`, or a `pinLocation` alone; undefined when none. */
export function requestedPin(
  input: FlagInput,
): { pinned: boolean; pinLocation: string | null } | undefined {
  const pinned =
    input.pinned ?? input.announce ?? (input.pinLocation !== undefined ? true : undefined);
  if (pinned === undefined) return undefined;
  return { pinned, pinLocation: pinned ? (input.pinLocation ?? 'category') : null };
}
