import type { CategoryRef } from '../../../../common/src/api/categories.ts';
import { bumpPermissionsVersion } from '../../permissions/permission-set.repo.ts';
import type { Db } from '../../platform/db/db.ts';
import type { RequestContext } from '../../http/context.ts';
import { loadManyOnce, loadOnce } from '../../http/request-loader.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import {
  findCategories,
  findCategoriesByName,
  findCategoryByID,
  findCategoryByUrlcode,
  type CategoryRow,
} from './categories.repo.ts';
import { computeTreeFields } from './categories.tree.ts';
import {
  findAllTreeNodes,
  hasCategoriesWithoutTreePath,
  writeTreeFields,
} from './categories.tree.repo.ts';

export type { CategoryRow } from './categories.repo.ts';

// Finding a category by reference, and keeping the tree fields whole before any call reads them.

/**
 * Recomputes every category's tree path, depth, permission category and child count from the
 * parent links. Runs when a category was inserted without the categories feature (setup, tests).
 */
export async function rebuildCategoryTree(db: Db): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const fields = computeTreeFields(await findAllTreeNodes(trx));
    for (const [categoryID, values] of fields) await writeTreeFields(trx, categoryID, values);
    await bumpPermissionsVersion(trx);
  });
}

/** Repairs the tree first when a category was inserted without its tree fields. */
export async function ensureCategoryTree(db: Db): Promise<void> {
  if (await hasCategoriesWithoutTreePath(db)) await rebuildCategoryTree(db);
}

/** `ensureCategoryTree` once per request (http/request-loader.ts): a page's widgets each list categories. */
export async function ensureCategoryTreeFor(ctx: RequestContext): Promise<void> {
  await loadOnce(ctx, 'categoryTree', () => ensureCategoryTree(ctx.db));
}

/** `findCategoriesByIDs` read once per category per request (http/request-loader.ts). */
export async function findCategoriesByIDsFor(
  ctx: RequestContext,
  categoryIDs: readonly number[],
): Promise<Map<number, CategoryRow>> {
  return loadManyOnce(ctx, 'category', categoryIDs, (missing) => findCategoriesByIDs(ctx.db, missing));
}

/** A category by ID; undefined when there is none (the caller says what is missing). */
export async function findCategory(db: Db, categoryID: number): Promise<CategoryRow | undefined> {
  return findCategoryByID(db, categoryID);
}

/** Categories by ID, whatever the viewer may see (callers decide what they show), in one query. */
export async function findCategoriesByIDs(
  db: Db,
  categoryIDs: readonly number[],
): Promise<Map<number, CategoryRow>> {
  const ids = [...new Set(categoryIDs)];
  if (ids.length === 0) return new Map();
  const rows = await findCategories(
    db,
    { viewScope: { all: true }, categoryIDs: { kind: 'values', values: ids } },
    { order: 'categoryID' },
  );
  return new Map(rows.map((row) => [row.categoryID, row]));
}

/**
 * A category by ID or smart ID (`$urlcode:`, `$name:`; api-contract §1.3).
 * @throws AppError 404 "Category not found." / "Smart ID not found.", 409 for an ambiguous `$name:`.
 */
export async function resolveCategory(db: Db, ref: CategoryRef): Promise<CategoryRow> {
  if (typeof ref === 'number') {
    const category = await findCategoryByID(db, ref);
    if (!category) throw notFound('Category');
    return category;
  }
  if (ref.startsWith('$urlcode:')) {
    const category = await findCategoryByUrlcode(db, ref.slice('$urlcode:'.length));
    if (!category) throw notFound('Smart ID');
    return category;
  }
  const matches = await findCategoriesByName(db, ref.slice('$name:'.length), 2);
  const [first] = matches;
  if (!first) throw notFound('Smart ID');
  if (matches.length > 1) throw new AppError(409, 'More than one category matches the smart ID.');
  return first;
}
