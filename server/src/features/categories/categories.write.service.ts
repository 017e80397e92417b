import type {
  Category,
  CategoryEdit,
  CategoryRef,
  CreateCategoryBody,
  PatchCategoryBody,
} from '../../../../common/src/api/categories.ts';
import type { RequestContext } from '../../http/context.ts';
import { authorize } from '../../permissions/authorize.ts';
import { DEFAULT_PERMISSION_CATEGORY_ID } from '../../permissions/build-permission-set.ts';
import { bumpPermissionsVersion } from '../../permissions/permission-set.repo.ts';
import { nowIso } from '../../platform/dates.ts';
import type { Db } from '../../platform/db/db.ts';
import { AppError, fieldError, notFound } from '../../platform/errors.ts';
import { isUniqueViolation } from '../../platform/db/dialect.ts';
import {
  deleteCategoryContent,
  moveCategoryContent,
} from '../discussions/discussions.category-content.ts';
import { adjustAllCounts, adjustChildCount, adjustOwnCounts } from './categories.counts.repo.ts';
import { ensureCategoryTree, resolveCategory } from './categories.lookup.ts';
import {
  applyRoleCategoryWrites,
  recomputeSubtreePermissions,
  toRoleCategoryWrites,
} from './categories.permissions.service.ts';
import {
  copyDefaultCategoryPermissions,
  deleteCategoryPermissions,
  findAllRoleIDs,
  findCategoryPermissionRows,
} from './categories.permissions.repo.ts';
import { canManageCategories } from './categories.policy.ts';
import {
  presentCategory,
  presentCategoryEdit,
  presentCategoryRolePermissions,
} from './categories.present.ts';
import { presentationFor } from './categories.presentation.ts';
import {
  encodeDiscussionTypes,
  findCategoryByID,
  findCategoryByUrlcode,
  type CategoryRow,
} from './categories.repo.ts';
import { ancestorIDs, pathCategoryIDs, pathSegment } from './categories.tree.ts';
import { rewriteSubtreePaths } from './categories.tree.repo.ts';
import {
  countAllCategories,
  deleteCategoryRow,
  findMaxChildSort,
  hasChildCategories,
  insertCategory,
  updateCategory,
  type CategoryChanges,
} from './categories.write.repo.ts';

// The calls that change categories (all need `site.manage`): create, patch, delete, and the edit form.

const URLCODE_IN_USE = 'The specified url code is already in use by another category.';
const PERMISSIONS_NEED_CUSTOM =
  'permissions can only be set on a category with custom permissions.';

function requireSiteManage(ctx: RequestContext): void {
  authorize(canManageCategories(ctx.permissions), { permissions: 'site.manage' });
}

/**
 * The parent a category is created under or moved to; null for the top level (-1 or null).
 * @throws AppError 400 with the messages of api-contract §7.
 */
async function resolveNewParent(
  db: Db,
  parentCategoryID: number | null,
  moving: CategoryRow | null,
): Promise<CategoryRow | null> {
  if (parentCategoryID === null || parentCategoryID === DEFAULT_PERMISSION_CATEGORY_ID) return null;
  if (moving && parentCategoryID === moving.categoryID)
    throw new AppError(400, 'A category cannot be the parent of itself.');
  if (parentCategoryID < 1)
    throw new AppError(400, 'parentCategoryID must be -1 or greater than zero.');
  const parent = await findCategoryByID(db, parentCategoryID);
  if (!parent) throw new AppError(400, 'The new parent category could not be found.');
  if (moving && parent.treePath.startsWith(moving.treePath)) {
    throw new AppError(400, 'Cannot move a category under one of its own children.');
  }
  return parent;
}

async function assertUrlcodeFree(
  db: Db,
  urlcode: string,
  exceptCategoryID: number | null,
): Promise<void> {
  const existing = await findCategoryByUrlcode(db, urlcode);
  if (existing && existing.categoryID !== exceptCategoryID)
    throw fieldError('urlcode', URLCODE_IN_USE, 400);
}

async function presentOne(ctx: RequestContext, categoryID: number): Promise<Category> {
  const category = await findCategoryByID(ctx.db, categoryID);
  if (!category) throw notFound('Category');
  const presentation = await presentationFor(ctx, [category], {
    expand: { lastPost: false, preferences: false, permissions: false },
    breadcrumbs: true,
  });
  return presentCategory(category, presentation);
}

async function withUniqueUrlcode<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    // Two writers passed the urlcode check at once: the unique index decides.
    if (isUniqueViolation(error)) throw fieldError('urlcode', URLCODE_IN_USE, 400);
    throw error;
  }
}

/**
 * `POST /categories` (`site.manage`). With `customPermissions` the category becomes a junction:
 * every role's default category rows are copied to it, then `permissions` entries apply.
 * @throws AppError 403; 400 for a bad parent or a taken urlcode; 422 for invalid fields.
 */
export async function createCategory(
  ctx: RequestContext,
  input: CreateCategoryBody,
): Promise<Category> {
  requireSiteManage(ctx);
  await ensureCategoryTree(ctx.db);
  const customPermissions = input.customPermissions ?? false;
  if (input.permissions && !customPermissions)
    throw fieldError('permissions', PERMISSIONS_NEED_CUSTOM, 422);
  const categoryID = await withUniqueUrlcode(() =>
    ctx.db.transaction().execute(async (trx) => {
      const parent = await resolveNewParent(trx, input.parentCategoryID ?? null, null);
      await assertUrlcodeFree(trx, input.urlcode, null);
      const writes = input.permissions ? await toRoleCategoryWrites(trx, input.permissions) : [];
      const sort = input.sort ?? (await findMaxChildSort(trx, parent?.categoryID ?? null)) + 1;
      const now = nowIso(ctx.clock);
      const id = await insertCategory(trx, {
        parentCategoryID: parent?.categoryID ?? null,
        name: input.name,
        urlcode: input.urlcode,
        description: input.description ?? '',
        displayAs: input.displayAs ?? 'discussions',
        customPermissions,
        isArchived: input.isArchived ?? false,
        featured: input.featured ?? false,
        sort,
        depth: (parent?.depth ?? 0) + 1,
        iconUrl: input.iconUrl ?? null,
        bannerUrl: input.bannerUrl ?? null,
        allowedDiscussionTypes: encodeDiscussionTypes(input.allowedDiscussionTypes ?? null),
        pointsCategoryID: input.pointsCategoryID ?? null,
        insertUserID: ctx.actor.userID > 0 ? ctx.actor.userID : null,
        dateInserted: now,
      });
      const permissionCategoryID = customPermissions
        ? id
        : (parent?.permissionCategoryID ?? DEFAULT_PERMISSION_CATEGORY_ID);
      await updateCategory(trx, id, {
        treePath: `${parent?.treePath ?? ''}${pathSegment(sort, id)}`,
        permissionCategoryID,
      });
      if (parent) await adjustChildCount(trx, parent.categoryID, 1);
      if (customPermissions) {
        await copyDefaultCategoryPermissions(trx, id);
        await applyRoleCategoryWrites(trx, id, writes);
      }
      // A junction, or a category inheriting from one, changes everyone's junctions or aliases.
      if (permissionCategoryID > 0) await bumpPermissionsVersion(trx);
      return id;
    }),
  );
  return presentOne(ctx, categoryID);
}

/**
 * `PATCH /categories/{id}` (`site.manage`): changes the given fields. A new parent or sort moves the
 * subtree (paths, depths, counters); custom permissions turned on copy the default rows, turned off
 * delete the category's rows; the subtree's permission categories follow.
 * @throws AppError 403, 404; 400 for a bad parent or a taken urlcode; 422 for invalid fields.
 */
export async function patchCategory(
  ctx: RequestContext,
  ref: CategoryRef,
  input: PatchCategoryBody,
): Promise<Category> {
  requireSiteManage(ctx);
  await ensureCategoryTree(ctx.db);
  const categoryID = await withUniqueUrlcode(() =>
    ctx.db.transaction().execute(async (trx) => {
      const existing = await resolveCategory(trx, ref);
      const customPermissions = input.customPermissions ?? existing.customPermissions;
      if (input.permissions && !customPermissions)
        throw fieldError('permissions', PERMISSIONS_NEED_CUSTOM, 422);
      const parent =
        input.parentCategoryID !== undefined
          ? await resolveNewParent(trx, input.parentCategoryID, existing)
          : existing.parentCategoryID === null
            ? null
            : ((await findCategoryByID(trx, existing.parentCategoryID)) ?? null);
      if (input.urlcode !== undefined)
        await assertUrlcodeFree(trx, input.urlcode, existing.categoryID);
      const writes = input.permissions ? await toRoleCategoryWrites(trx, input.permissions) : [];

      const parentChanged = (parent?.categoryID ?? null) !== existing.parentCategoryID;
      const sort =
        input.sort ??
        (parentChanged
          ? (await findMaxChildSort(trx, parent?.categoryID ?? null)) + 1
          : existing.sort);
      const changes: CategoryChanges = {
        ...(input.name === undefined ? {} : { name: input.name }),
        ...(input.urlcode === undefined ? {} : { urlcode: input.urlcode }),
        ...(input.description === undefined ? {} : { description: input.description }),
        ...(input.displayAs === undefined ? {} : { displayAs: input.displayAs }),
        ...(input.featured === undefined ? {} : { featured: input.featured }),
        ...(input.isArchived === undefined ? {} : { isArchived: input.isArchived }),
        ...(input.iconUrl === undefined ? {} : { iconUrl: input.iconUrl }),
        ...(input.bannerUrl === undefined ? {} : { bannerUrl: input.bannerUrl }),
        ...(input.pointsCategoryID === undefined
          ? {}
          : { pointsCategoryID: input.pointsCategoryID }),
        ...(input.allowedDiscussionTypes === undefined
          ? {}
          : { allowedDiscussionTypes: encodeDiscussionTypes(input.allowedDiscussionTypes) }),
        ...(parentChanged ? { parentCategoryID: parent?.categoryID ?? null } : {}),
        sort,
        customPermissions,
        updateUserID: ctx.actor.userID > 0 ? ctx.actor.userID : null,
        dateUpdated: nowIso(ctx.clock),
      };
      await updateCategory(trx, existing.categoryID, changes);

      const newPath = `${parent?.treePath ?? ''}${pathSegment(sort, existing.categoryID)}`;
      if (newPath !== existing.treePath) {
        await rewriteSubtreePaths(
          trx,
          existing.treePath,
          newPath,
          (parent?.depth ?? 0) + 1 - existing.depth,
        );
      }
      if (parentChanged) {
        if (existing.parentCategoryID !== null)
          await adjustChildCount(trx, existing.parentCategoryID, -1);
        if (parent) await adjustChildCount(trx, parent.categoryID, 1);
        // The subtree's content leaves its old ancestors and counts for its new ones.
        await adjustAllCounts(
          trx,
          ancestorIDs(existing.treePath),
          -existing.countAllDiscussions,
          -existing.countAllComments,
        );
        await adjustAllCounts(
          trx,
          pathCategoryIDs(parent?.treePath ?? ''),
          existing.countAllDiscussions,
          existing.countAllComments,
        );
      }

      const customChanged = customPermissions !== existing.customPermissions;
      if (customChanged && customPermissions)
        await copyDefaultCategoryPermissions(trx, existing.categoryID);
      if (customChanged && !customPermissions)
        await deleteCategoryPermissions(trx, existing.categoryID);
      if (customPermissions) await applyRoleCategoryWrites(trx, existing.categoryID, writes);
      if (parentChanged || customChanged) {
        await recomputeSubtreePermissions(
          trx,
          newPath,
          parent?.permissionCategoryID ?? DEFAULT_PERMISSION_CATEGORY_ID,
        );
      }
      if (parentChanged || customChanged || writes.length > 0) await bumpPermissionsVersion(trx);
      return existing.categoryID;
    }),
  );
  return presentOne(ctx, categoryID);
}

/**
 * `DELETE /categories/{id}` (`site.manage`): deletes a category without children; its content is
 * moved to `newCategoryID` when given, else deleted (see discussions.category-content.ts).
 * @throws AppError 403, 404; 400 for the last category or a bad `newCategoryID`; 409 with children.
 */
export async function deleteCategory(
  ctx: RequestContext,
  ref: CategoryRef,
  options: { newCategoryID?: number | undefined },
): Promise<void> {
  requireSiteManage(ctx);
  await ensureCategoryTree(ctx.db);
  await ctx.db.transaction().execute(async (trx) => {
    const category = await resolveCategory(trx, ref);
    if ((await countAllCategories(trx)) <= 1)
      throw new AppError(400, 'The specified category cannot be deleted.');
    if (await hasChildCategories(trx, category.categoryID))
      throw new AppError(409, 'Cannot delete categories with children.');
    if (options.newCategoryID !== undefined) {
      if (options.newCategoryID === category.categoryID) {
        throw fieldError(
          'newCategoryID',
          'The new category cannot be the category being deleted.',
          400,
        );
      }
      const target = await findCategoryByID(trx, options.newCategoryID);
      if (!target) throw fieldError('newCategoryID', 'The new category could not be found.', 400);
      await moveCategoryContent(trx, category.categoryID, target.categoryID);
      await adjustOwnCounts(
        trx,
        target.categoryID,
        category.countDiscussions,
        category.countComments,
      );
      await adjustAllCounts(
        trx,
        pathCategoryIDs(target.treePath),
        category.countDiscussions,
        category.countComments,
      );
    } else {
      await deleteCategoryContent(trx, category.categoryID);
    }
    await adjustAllCounts(
      trx,
      ancestorIDs(category.treePath),
      -category.countDiscussions,
      -category.countComments,
    );
    if (category.parentCategoryID !== null)
      await adjustChildCount(trx, category.parentCategoryID, -1);
    await deleteCategoryRow(trx, category.categoryID);
    if (category.permissionCategoryID > 0) await bumpPermissionsVersion(trx);
  });
}

/**
 * `GET /categories/{id}/edit` (`site.manage`): the editable fields; with custom permissions, every
 * role's category permissions.
 * @throws AppError 403, 404.
 */
export async function getCategoryEdit(
  ctx: RequestContext,
  ref: CategoryRef,
): Promise<CategoryEdit> {
  requireSiteManage(ctx);
  const category = await resolveCategory(ctx.db, ref);
  if (!category.customPermissions) return presentCategoryEdit(category, null);
  const [roleIDs, rows] = await Promise.all([
    findAllRoleIDs(ctx.db),
    findCategoryPermissionRows(ctx.db, category.categoryID),
  ]);
  return presentCategoryEdit(category, presentCategoryRolePermissions(roleIDs, rows));
}
