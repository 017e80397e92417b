import type { PermissionName } from '../../../../common/src/permissions/names.ts';
import type { RequestContext } from '../../http/context.ts';
import type { Db } from '../../platform/db/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { CategoryPermissionTarget } from '../categories/categories.policy.ts';
import { findDiscussionsByIDs, type DiscussionRow } from './discussions.repo.ts';
import { requireCategory } from './discussions.guards.ts';

// Pre-checks: the whole call is refused when any record lacks the permission (api-contract §1.10).

/** The 403 of a bulk call, naming the records the actor may not act on. */
export function bulkRefusal(
  description: string,
  permission: PermissionName,
  recordIDs: number[],
): AppError {
  return new AppError(403, 'Permission Problem', {
    description,
    context: { permissions: [permission], recordIDs },
  });
}

/** The categories of some discussions, by ID (what the policies judge them by). */
export async function categoriesOf(
  db: Db,
  rows: readonly DiscussionRow[],
): Promise<Map<number, CategoryPermissionTarget>> {
  const result = new Map<number, CategoryPermissionTarget>();
  for (const categoryID of new Set(rows.map((row) => row.categoryID)))
    result.set(categoryID, await requireCategory(db, categoryID));
  return result;
}

/**
 * The discussions of a bulk call, when the actor may act on every one of them.
 * @throws AppError 403 naming the refused records (`recordIDs`).
 */
export async function refuseUnlessAll(
  ctx: RequestContext,
  discussionIDs: readonly number[],
  allowed: (row: DiscussionRow, category: CategoryPermissionTarget) => boolean,
  permission: PermissionName,
  description: string,
): Promise<DiscussionRow[]> {
  const rows = await findDiscussionsByIDs(ctx.db, discussionIDs);
  const categories = await categoriesOf(ctx.db, rows);
  const refused = rows
    .filter((row) => {
      const category = categories.get(row.categoryID);
      return category === undefined || !allowed(row, category);
    })
    .map((row) => row.discussionID)
    .sort((a, b) => a - b);
  if (refused.length > 0) throw bulkRefusal(description, permission, refused);
  return rows;
}

/** The IDs without repeats, in their first order. */
export function uniqueIDs(ids: readonly number[]): number[] {
  return [...new Set(ids)];
}
