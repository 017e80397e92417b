import { sql, type Kysely } from 'kysely';
import { columns } from '../dialect.ts';

interface CategoryNode {
  categoryID: number;
  parentCategoryID: number | null;
  sort: number;
}

// The tree path format of features/categories/categories.tree.ts at the time of this migration:
// per level, the sort (6 digits) then the category ID (10 digits).
function segment(node: CategoryNode): string {
  return `${String(node.sort).padStart(6, '0')}${String(node.categoryID).padStart(10, '0')}`;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const c = columns(db);

  await db.schema.alterTable('categories').addColumn('featured', c.bool, c.defaultFalse).execute();
  // Materialised position in the tree: lists sort on it, and a subtree is a prefix match.
  await db.schema
    .alterTable('categories')
    .addColumn('treePath', c.text, (col) => col.notNull().defaultTo(''))
    .execute();
  await db.schema.alterTable('categories').addColumn('pointsCategoryID', 'integer').execute();
  // Filled by the discussions feature; null until a category has posts.
  await db.schema.alterTable('categories').addColumn('lastDiscussionID', 'integer').execute();
  await db.schema.alterTable('categories').addColumn('lastCommentID', 'integer').execute();
  await db.schema.alterTable('categories').addColumn('lastPostDate', c.date).execute();
  await db.schema.alterTable('categories').addColumn('updateUserID', 'integer').execute();
  await db.schema
    .createIndex('categories_treePath')
    .on('categories')
    .columns(['treePath'])
    .execute();
  await db.schema
    .createIndex('categories_permissionCategoryID')
    .on('categories')
    .columns(['permissionCategoryID'])
    .execute();

  const rows =
    await sql<CategoryNode>`select "categoryID", "parentCategoryID", "sort" from "categories"`.execute(
      db,
    );
  const byID = new Map(rows.rows.map((row) => [row.categoryID, row]));
  const paths = new Map<number, string>();
  const pathOf = (node: CategoryNode, seen: Set<number>): string => {
    const known = paths.get(node.categoryID);
    if (known !== undefined) return known;
    const parent = node.parentCategoryID === null ? undefined : byID.get(node.parentCategoryID);
    const prefix =
      parent && !seen.has(parent.categoryID)
        ? pathOf(parent, new Set([...seen, node.categoryID]))
        : '';
    const path = `${prefix}${segment(node)}`;
    paths.set(node.categoryID, path);
    return path;
  };
  for (const node of rows.rows) {
    const path = pathOf(node, new Set([node.categoryID]));
    await sql`update "categories" set "treePath" = ${path}, "depth" = ${path.length / 16} where "categoryID" = ${node.categoryID}`.execute(
      db,
    );
  }

  await db.schema
    .createTable('userCategories')
    .addColumn('userID', 'integer', (col) =>
      col.notNull().references('users.userID').onDelete('cascade'),
    )
    .addColumn('categoryID', 'integer', (col) =>
      col.notNull().references('categories.categoryID').onDelete('cascade'),
    )
    .addColumn('followed', c.bool, c.defaultFalse)
    .addColumn('dateFollowed', c.date)
    .addColumn('preferences', c.text, (col) => col.notNull().defaultTo('{}'))
    .addPrimaryKeyConstraint('userCategories_pk', ['userID', 'categoryID'])
    .execute();
  await db.schema
    .createIndex('userCategories_category')
    .on('userCategories')
    .columns(['categoryID', 'followed'])
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
