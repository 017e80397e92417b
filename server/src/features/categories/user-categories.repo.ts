import type { CategoryScope } from '../../permissions/category-scope.ts';
import { toBool } from '../../platform/db/dialect.ts';
import {
  categoryColumns,
  scopeCondition,
  toCategoryRow,
  type CategoryRow,
  type Executor,
} from './categories.repo.ts';

// `userCategories`: a user's follow state and preferences per category.

/** A user's follow state and preferences for one category (preferences decoded). */
export interface UserCategoryRow {
  userID: number;
  categoryID: number;
  followed: boolean;
  dateFollowed: string | null;
  preferences: Record<string, boolean>;
}

function decodePreferences(value: string): Record<string, boolean> {
  try {
    const parsed: unknown = JSON.parse(value);
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter(
        (entry): entry is [string, boolean] => typeof entry[1] === 'boolean',
      ),
    );
  } catch {
    return {};
  }
}

function toUserCategoryRow(row: {
  userID: number;
  categoryID: number;
  followed: boolean | number;
  dateFollowed: string | null;
  preferences: string;
}): UserCategoryRow {
  return {
    ...row,
    followed: toBool(row.followed),
    preferences: decodePreferences(row.preferences),
  };
}

/** A user's rows for several categories (one query for a whole list). */
export async function findUserCategories(
  db: Executor,
  userID: number,
  categoryIDs: readonly number[],
): Promise<UserCategoryRow[]> {
  if (categoryIDs.length === 0 || userID <= 0) return [];
  const rows = await db
    .selectFrom('userCategories')
    .select(['userID', 'categoryID', 'followed', 'dateFollowed', 'preferences'])
    .where('userID', '=', userID)
    .where('categoryID', 'in', [...new Set(categoryIDs)])
    .execute();
  return rows.map(toUserCategoryRow);
}

/** Inserts or replaces a user's row for a category. */
export async function upsertUserCategory(db: Executor, row: UserCategoryRow): Promise<void> {
  const values = {
    userID: row.userID,
    categoryID: row.categoryID,
    followed: row.followed,
    dateFollowed: row.dateFollowed,
    preferences: JSON.stringify(row.preferences),
  };
  await db
    .insertInto('userCategories')
    .values(values)
    .onConflict((oc) =>
      oc.columns(['userID', 'categoryID']).doUpdateSet({
        followed: values.followed,
        dateFollowed: values.dateFollowed,
        preferences: values.preferences,
      }),
    )
    .execute();
}

/** The categories a user follows that are in a scope, in tree order, with the user's row. */
export async function findFollowedCategories(
  db: Executor,
  userID: number,
  scope: CategoryScope,
): Promise<{ category: CategoryRow; userCategory: UserCategoryRow }[]> {
  const rows = await db
    .selectFrom('categories')
    .innerJoin('userCategories', 'userCategories.categoryID', 'categories.categoryID')
    .select([
      ...categoryColumns,
      'userCategories.userID',
      'userCategories.followed',
      'userCategories.dateFollowed',
      'userCategories.preferences',
    ])
    .where('userCategories.userID', '=', userID)
    .where('userCategories.followed', '=', true)
    .where((eb) => scopeCondition(eb, scope))
    .orderBy('categories.treePath')
    .execute();
  return rows.map(({ userID: rowUserID, followed, dateFollowed, preferences, ...category }) => ({
    category: toCategoryRow(category),
    userCategory: toUserCategoryRow({
      userID: rowUserID,
      categoryID: category.categoryID,
      followed,
      dateFollowed,
      preferences,
    }),
  }));
}
