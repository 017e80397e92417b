import type { Kysely } from 'kysely';
import type { CategoriesTable, Database, UserCategoriesTable } from '../../platform/db/schema.ts';

/** `categories` with the columns of migration 0004 (now declared in platform/db/schema.ts). */
export type ExtendedCategoriesTable = CategoriesTable;
export type { UserCategoriesTable };
export type CategoriesDatabase = Database;

/** The same handle (database or transaction); kept so callers need not change. */
export function categoriesDb(db: Kysely<Database>): Kysely<CategoriesDatabase> {
  return db;
}
