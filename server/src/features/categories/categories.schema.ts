import type { Generated, Kysely } from 'kysely';
import type { CategoriesTable, Database, DbBool, DbDate } from '../../platform/db/schema.ts';

/** `categories` with the columns of migration 0004. */
export interface ExtendedCategoriesTable extends CategoriesTable {
  featured: Generated<DbBool>;
  /** Position in the tree: per level the sort (6 digits) and the category ID (10 digits). */
  treePath: Generated<string>;
  pointsCategoryID: number | null;
  lastDiscussionID: number | null;
  lastCommentID: number | null;
  lastPostDate: DbDate | null;
  updateUserID: number | null;
}

/** A user's follow state and notification preferences for one category (migration 0004). */
export interface UserCategoriesTable {
  userID: number;
  categoryID: number;
  followed: Generated<DbBool>;
  dateFollowed: DbDate | null;
  /** JSON object of the preference keys other than `preferences.followed`. */
  preferences: Generated<string>;
}

/** The database as the categories feature sees it (until platform/db/schema.ts declares these). */
export interface CategoriesDatabase extends Omit<Database, 'categories'> {
  categories: ExtendedCategoriesTable;
  userCategories: UserCategoriesTable;
}

/** The same handle (database or transaction), typed with the categories tables of migration 0004. */
export function categoriesDb(db: Kysely<Database>): Kysely<CategoriesDatabase> {
  return db as unknown as Kysely<CategoriesDatabase>;
}
