import { DEFAULT_PERMISSION_CATEGORY_ID } from '../../permissions/build-permission-set.ts';

const SORT_DIGITS = 6;
const ID_DIGITS = 10;

/** Characters per level of a tree path. */
export const SEGMENT_LENGTH = SORT_DIGITS + ID_DIGITS;

/**
 * One level of a category's tree path: its sort then its ID, zero-padded, so that ordering by the
 * path lists a tree depth-first with siblings by sort (digits only: every collation agrees).
 */
export function pathSegment(sort: number, categoryID: number): string {
  return `${String(sort).padStart(SORT_DIGITS, '0')}${String(categoryID).padStart(ID_DIGITS, '0')}`;
}

/** The category IDs of a tree path, from the top-level ancestor to the category itself. */
export function pathCategoryIDs(treePath: string): number[] {
  const ids: number[] = [];
  for (let start = 0; start + SEGMENT_LENGTH <= treePath.length; start += SEGMENT_LENGTH) {
    ids.push(Number(treePath.slice(start + SORT_DIGITS, start + SEGMENT_LENGTH)));
  }
  return ids;
}

/** The ancestors' IDs of a category, top first (its path without itself). */
export function ancestorIDs(treePath: string): number[] {
  return pathCategoryIDs(treePath).slice(0, -1);
}

/** A category's place in the tree, as the tree rebuild needs it. */
export interface TreeNodeInput {
  categoryID: number;
  parentCategoryID: number | null;
  sort: number;
  customPermissions: boolean;
}

/** Derived tree fields of one category. */
export interface TreeFields {
  treePath: string;
  depth: number;
  permissionCategoryID: number;
  countCategories: number;
}

/**
 * Derives every category's tree fields from parent links and flags alone (the repair of rows that
 * were inserted without them). A missing parent or a cycle makes a category top-level.
 */
export function computeTreeFields(nodes: readonly TreeNodeInput[]): Map<number, TreeFields> {
  const byID = new Map(nodes.map((node) => [node.categoryID, node]));
  const result = new Map<number, TreeFields>();
  const childCounts = new Map<number, number>();
  const resolve = (node: TreeNodeInput, visiting: Set<number>): TreeFields => {
    const known = result.get(node.categoryID);
    if (known) return known;
    visiting.add(node.categoryID);
    const parent = node.parentCategoryID === null ? undefined : byID.get(node.parentCategoryID);
    const parentFields =
      parent && !visiting.has(parent.categoryID) ? resolve(parent, visiting) : undefined;
    const fields: TreeFields = {
      treePath: `${parentFields?.treePath ?? ''}${pathSegment(node.sort, node.categoryID)}`,
      depth: (parentFields?.depth ?? 0) + 1,
      permissionCategoryID: node.customPermissions
        ? node.categoryID
        : (parentFields?.permissionCategoryID ?? DEFAULT_PERMISSION_CATEGORY_ID),
      countCategories: 0,
    };
    result.set(node.categoryID, fields);
    return fields;
  };
  for (const node of nodes) resolve(node, new Set());
  for (const node of nodes) {
    if (node.parentCategoryID !== null && byID.has(node.parentCategoryID)) {
      childCounts.set(node.parentCategoryID, (childCounts.get(node.parentCategoryID) ?? 0) + 1);
    }
  }
  for (const [categoryID, fields] of result)
    fields.countCategories = childCounts.get(categoryID) ?? 0;
  return result;
}

/**
 * The permission category of each category of a subtree (spec: itself with custom permissions,
 * else the nearest such ancestor, else -1). `nodes` are the subtree in tree-path order, its root
 * first; `inherited` is what the root's parent passes down.
 */
export function subtreePermissionCategoryIDs(
  nodes: readonly {
    categoryID: number;
    parentCategoryID: number | null;
    customPermissions: boolean;
  }[],
  inherited: number,
): Map<number, number> {
  const result = new Map<number, number>();
  for (const node of nodes) {
    const fromParent =
      node.parentCategoryID === null ? undefined : result.get(node.parentCategoryID);
    result.set(
      node.categoryID,
      node.customPermissions ? node.categoryID : (fromParent ?? inherited),
    );
  }
  return result;
}

/**
 * Nests items by `parentCategoryID`, keeping their order. Items whose parent is not in the list
 * become top-level (Vanilla's "unreachable nodes" are kept).
 */
export function nestCategories<
  T extends { categoryID: number; parentCategoryID: number | null },
  N,
>(items: readonly T[], toNode: (item: T, children: N[]) => N): N[] {
  const childrenOf = new Map<number, T[]>();
  const ids = new Set(items.map((item) => item.categoryID));
  const roots: T[] = [];
  for (const item of items) {
    if (
      item.parentCategoryID !== null &&
      ids.has(item.parentCategoryID) &&
      item.parentCategoryID !== item.categoryID
    ) {
      const siblings = childrenOf.get(item.parentCategoryID) ?? [];
      siblings.push(item);
      childrenOf.set(item.parentCategoryID, siblings);
    } else {
      roots.push(item);
    }
  }
  const build = (item: T, depth: number): N =>
    toNode(
      item,
      depth > items.length
        ? []
        : (childrenOf.get(item.categoryID) ?? []).map((child) => build(child, depth + 1)),
    );
  return roots.map((item) => build(item, 0));
}
