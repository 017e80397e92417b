import {
  categoryDisplayAs,
  categoryPreferenceKeys,
  discussionTypes,
  type Breadcrumb,
  type Category,
  type CategoryDisplayAs,
  type CategoryEdit,
  type CategoryPreferences,
  type CategoryRolePermissions,
  type CategoryTreeNode,
  type FollowedCategoryPreferences,
  type PostFragment,
} from '../../../../common/src/api/categories.ts';
import { storedPermissionNames } from '../../../../common/src/permissions/names.ts';
import { toApiDate } from '../../platform/dates.ts';
import type { CategoryRow } from './categories.repo.ts';
import type { UserCategoryRow } from './user-categories.repo.ts';
import { ancestorIDs, nestCategories } from './categories.tree.ts';

/** The public URL of a category page: `/categories/{urlcode}`, absolute as Vanilla answers it. */
export function categoryUrl(baseUrl: string, urlcode: string): string {
  return `${baseUrl}/categories/${encodeURIComponent(urlcode)}`;
}

function toDisplayAs(value: string): CategoryDisplayAs {
  const lower = value.toLowerCase();
  return categoryDisplayAs.find((known) => known === lower) ?? 'discussions';
}

/** Everything a category needs besides its row, loaded once for a whole list. */
export interface CategoryPresentation {
  baseUrl: string;
  /** Name and URL code of ancestors and parents, by ID. */
  labels: ReadonlyMap<number, { name: string; urlcode: string }>;
  /** The viewer's follow rows, by category ID (`followed`, `dateFollowed`). */
  viewerRows: ReadonlyMap<number, UserCategoryRow>;
  /** Whether `preferences.email.digest` exists (`emails.digest`). */
  digestEnabled: boolean;
  breadcrumbs: boolean;
  parent: boolean;
  /** Rows whose preferences to embed (`expand=preferences`), by category ID. */
  preferenceRows?: ReadonlyMap<number, UserCategoryRow> | undefined;
  /** The viewer's permissions (`expand=permissions`). */
  permissionsOf?: ((category: CategoryRow) => Record<string, boolean>) | undefined;
  /** `expand=lastPost`: posts by category ID; a category without one presents null. */
  lastPosts?: ReadonlyMap<number, PostFragment> | undefined;
}

/**
 * Home, then the ancestors, then the category itself (Vanilla's breadcrumbs of a category): the one
 * builder of breadcrumbs. An ancestor missing from `labels` (hidden from the viewer) is left out.
 */
export function buildBreadcrumbs(
  baseUrl: string,
  category: Pick<CategoryRow, 'treePath' | 'name' | 'urlcode'>,
  labels: ReadonlyMap<number, { name: string; urlcode: string }>,
): Breadcrumb[] {
  const crumbs: Breadcrumb[] = [{ name: 'Home', url: `${baseUrl}/` }];
  for (const id of ancestorIDs(category.treePath)) {
    const label = labels.get(id);
    if (label) crumbs.push({ name: label.name, url: categoryUrl(baseUrl, label.urlcode) });
  }
  crumbs.push({ name: category.name, url: categoryUrl(baseUrl, category.urlcode) });
  return crumbs;
}

/** The breadcrumbs of a category in a presentation (its labels are those the viewer may see). */
export function presentBreadcrumbs(
  category: CategoryRow,
  presentation: CategoryPresentation,
): Breadcrumb[] {
  return buildBreadcrumbs(presentation.baseUrl, category, presentation.labels);
}

/** A user's preferences for a category; missing keys are false (api-contract §7). */
export function presentPreferences(
  row: UserCategoryRow | undefined,
  digestEnabled: boolean,
): CategoryPreferences {
  const preferences = {} as Record<(typeof categoryPreferenceKeys)[number], boolean>;
  for (const key of categoryPreferenceKeys) {
    preferences[key] =
      key === 'preferences.followed' ? (row?.followed ?? false) : (row?.preferences[key] ?? false);
  }
  const { 'preferences.email.digest': digest, ...rest } = preferences;
  return digestEnabled ? { ...rest, 'preferences.email.digest': digest } : rest;
}

/** A category as the API answers it (api-contract §7), with the requested expansions. */
export function presentCategory(
  category: CategoryRow,
  presentation: CategoryPresentation,
): Category {
  const viewerRow = presentation.viewerRows.get(category.categoryID);
  const followed = viewerRow?.followed ?? false;
  const parentLabel =
    category.parentCategoryID === null
      ? undefined
      : presentation.labels.get(category.parentCategoryID);
  return {
    categoryID: category.categoryID,
    name: category.name,
    description: category.description,
    parentCategoryID: category.parentCategoryID,
    customPermissions: category.customPermissions,
    isArchived: category.isArchived,
    urlcode: category.urlcode,
    url: categoryUrl(presentation.baseUrl, category.urlcode),
    displayAs: toDisplayAs(category.displayAs),
    iconUrl: category.iconUrl,
    bannerUrl: category.bannerUrl,
    dateInserted: toApiDate(category.dateInserted),
    countCategories: category.countCategories,
    countDiscussions: category.countDiscussions,
    countComments: category.countComments,
    countAllDiscussions: category.countAllDiscussions,
    countAllComments: category.countAllComments,
    countFollowers: category.countFollowers,
    followed,
    ...(followed && viewerRow?.dateFollowed
      ? { dateFollowed: toApiDate(viewerRow.dateFollowed) }
      : {}),
    featured: category.featured,
    allowedDiscussionTypes: category.allowedDiscussionTypes ?? [...discussionTypes],
    ...(presentation.breadcrumbs
      ? { breadcrumbs: presentBreadcrumbs(category, presentation) }
      : {}),
    ...(presentation.permissionsOf ? { permissions: presentation.permissionsOf(category) } : {}),
    ...(presentation.lastPosts
      ? { lastPost: presentation.lastPosts.get(category.categoryID) ?? null }
      : {}),
    ...(presentation.preferenceRows
      ? {
          preferences: presentPreferences(
            presentation.preferenceRows.get(category.categoryID),
            presentation.digestEnabled,
          ),
        }
      : {}),
    ...(presentation.parent
      ? {
          parent: parentLabel
            ? {
                categoryID: category.parentCategoryID ?? 0,
                name: parentLabel.name,
                urlcode: parentLabel.urlcode,
                url: categoryUrl(presentation.baseUrl, parentLabel.urlcode),
              }
            : null,
        }
      : {}),
    depth: category.depth,
    sort: category.sort,
  };
}

interface RowNode {
  row: CategoryRow;
  children: RowNode[];
}

/**
 * A tree list: categories nested under their parents, in the given (tree) order; categories whose
 * parent is not in the list are top-level. `keep` drops a category with its whole subtree.
 */
export function presentCategoryTree(
  categories: readonly CategoryRow[],
  presentation: CategoryPresentation,
  keep: (category: CategoryRow) => boolean = () => true,
): CategoryTreeNode[] {
  const nodes = nestCategories<CategoryRow, RowNode>(categories, (row, children) => ({
    row,
    children,
  }));
  const build = (node: RowNode): CategoryTreeNode | null => {
    if (!keep(node.row)) return null;
    const children = node.children
      .map(build)
      .filter((child): child is CategoryTreeNode => child !== null);
    return { ...presentCategory(node.row, presentation), children };
  };
  return nodes.map(build).filter((node): node is CategoryTreeNode => node !== null);
}

/** One role's category permissions: every stored category-scoped name, true or false. */
export function presentCategoryRolePermissions(
  roleIDs: readonly number[],
  rows: readonly { roleID: number; permission: string }[],
): CategoryRolePermissions[] {
  return roleIDs.map((roleID) => {
    const granted = new Set(
      rows.filter((row) => row.roleID === roleID).map((row) => row.permission),
    );
    return {
      roleID,
      permissions: Object.fromEntries(
        storedPermissionNames.category.map((name) => [name, granted.has(name)]),
      ),
    };
  });
}

/** `GET /categories/{id}/edit` (api-contract §7 fields plus Hearth's edit-form extensions). */
export function presentCategoryEdit(
  category: CategoryRow,
  permissions: CategoryRolePermissions[] | null,
): CategoryEdit {
  return {
    categoryID: category.categoryID,
    name: category.name,
    parentCategoryID: category.parentCategoryID,
    urlcode: category.urlcode,
    description: category.description,
    displayAs: toDisplayAs(category.displayAs),
    iconUrl: category.iconUrl,
    bannerUrl: category.bannerUrl,
    customPermissions: category.customPermissions,
    featured: category.featured,
    isArchived: category.isArchived,
    allowedDiscussionTypes: category.allowedDiscussionTypes ?? [...discussionTypes],
    sort: category.sort,
    ...(permissions ? { permissions } : {}),
  };
}

/** An item of `GET /categories/preferences/{userID}`. */
export function presentFollowedCategory(
  category: CategoryRow,
  row: UserCategoryRow,
  baseUrl: string,
  digestEnabled: boolean,
): FollowedCategoryPreferences {
  return {
    categoryID: category.categoryID,
    name: category.name,
    description: category.description,
    url: categoryUrl(baseUrl, category.urlcode),
    preferences: presentPreferences(row, digestEnabled),
  };
}
