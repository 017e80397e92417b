import type { CategoryTreeNode } from '../../../../../common/src/api/categories.ts';

/** A category of the tree, flattened in display order with its level and siblings. */
export interface CategoryRow {
  category: CategoryTreeNode;
  /** 0 for top-level categories. */
  level: number;
  /** The IDs of the category's siblings in order, itself included. */
  siblingIDs: readonly number[];
  /** Position among the siblings. */
  index: number;
}

/** The tree flattened depth-first, in display order. */
export function flattenCategoryTree(nodes: readonly CategoryTreeNode[], level = 0): CategoryRow[] {
  const siblingIDs = nodes.map((node) => node.categoryID);
  return nodes.flatMap((node, index) => [
    { category: node, level, siblingIDs, index },
    ...flattenCategoryTree(node.children, level + 1),
  ]);
}

/** A category and every category below it. */
export function subtreeIDs(nodes: readonly CategoryTreeNode[], categoryID: number): Set<number> {
  const ids = new Set<number>();
  const collect = (node: CategoryTreeNode) => {
    ids.add(node.categoryID);
    node.children.forEach(collect);
  };
  const find = (list: readonly CategoryTreeNode[]): boolean =>
    list.some((node) => {
      if (node.categoryID === categoryID) {
        collect(node);
        return true;
      }
      return find(node.children);
    });
  find(nodes);
  return ids;
}

/**
 * The `sort` changes that move a category one place up or down among its siblings: the siblings
 * are renumbered 1…n in the new order and only those whose number changes are sent.
 */
export function reorderChanges(
  rows: readonly CategoryRow[],
  categoryID: number,
  direction: -1 | 1,
): { categoryID: number; sort: number }[] {
  const row = rows.find((item) => item.category.categoryID === categoryID);
  if (row === undefined) return [];
  const target = row.index + direction;
  if (target < 0 || target >= row.siblingIDs.length) return [];
  const order = [...row.siblingIDs];
  [order[row.index], order[target]] = [order[target] as number, order[row.index] as number];
  const sortOf = new Map(rows.map((item) => [item.category.categoryID, item.category.sort]));
  return order
    .map((id, position) => ({ categoryID: id, sort: position + 1 }))
    .filter((change) => sortOf.get(change.categoryID) !== change.sort);
}

/**
 * Where a category's permissions come from when it has no custom permissions of its own: the
 * nearest ancestor with custom permissions (spec: grants are inherited by children), else null
 * for the default permissions.
 */
export function inheritedFrom(
  rows: readonly CategoryRow[],
  parentCategoryID: number | null,
): CategoryTreeNode | null {
  const byID = new Map(rows.map((row) => [row.category.categoryID, row.category]));
  let current = parentCategoryID === null ? undefined : byID.get(parentCategoryID);
  while (current !== undefined) {
    if (current.customPermissions) return current;
    current = current.parentCategoryID === null ? undefined : byID.get(current.parentCategoryID);
  }
  return null;
}
