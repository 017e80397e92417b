import { has } from '../../../../common/src/permissions/has.ts';
import { isPermissionName } from '../../../../common/src/permissions/names.ts';
import type { PermissionSet } from '../../../../common/src/permissions/types.ts';
import { categoriesPath, discussionsPath } from '../../app/paths.ts';
import { isSafeLink } from '../../lib/safe-url.ts';

/** A title bar navigation item (spec 000 §3 "Navigation item"). */
export interface NavigationItem {
  id: string;
  name: string;
  url?: string | null;
  permission?: string | null;
  children?: NavigationItem[];
  roleIDs?: number[];
  isHidden?: boolean;
  badge?: { type: 'text'; text: string } | null;
}

/** spec 000 §2: Posts at /discussions and Categories at /categories when none are configured. */
export function defaultNavigationItems(): NavigationItem[] {
  return [
    { id: 'builtin-discussions', name: 'Posts', url: discussionsPath() },
    { id: 'builtin-categories', name: 'Categories', url: categoriesPath() },
  ];
}

export interface NavigationViewer {
  permissions: PermissionSet | null;
  roleIDs: readonly number[];
}

function isVisibleTo(item: NavigationItem, viewer: NavigationViewer): boolean {
  if (item.isHidden === true) {
    return false;
  }
  if (item.permission !== undefined && item.permission !== null && item.permission !== '') {
    // An unknown permission name can never be held.
    if (!isPermissionName(item.permission) || !has(viewer.permissions, item.permission)) {
      return false;
    }
  }
  if (item.roleIDs !== undefined && item.roleIDs.length > 0) {
    return item.roleIDs.some((roleID) => viewer.roleIDs.includes(roleID));
  }
  return true;
}

/**
 * The items a viewer sees, recursively (spec 000 §5, §6): items without a name, or with neither a
 * url nor children, are dropped; unsafe urls are removed; items hidden, lacking their permission or
 * restricted to roles the viewer lacks are hidden.
 */
export function filterNavigationItems(
  items: readonly NavigationItem[],
  viewer: NavigationViewer,
): NavigationItem[] {
  const visible: NavigationItem[] = [];
  for (const item of items) {
    if (typeof item.name !== 'string' || item.name.trim() === '' || !isVisibleTo(item, viewer)) {
      continue;
    }
    const url =
      typeof item.url === 'string' && item.url !== '' && isSafeLink(item.url) ? item.url : null;
    const children = filterNavigationItems(item.children ?? [], viewer);
    if (url === null && children.length === 0) {
      continue;
    }
    visible.push({ ...item, url, children });
  }
  return visible;
}

function isNavigationItemLike(value: unknown): value is NavigationItem {
  return typeof value === 'object' && value !== null && 'name' in value;
}

/** Reads configured items (config `navigation.items`); null when none are configured. */
export function configuredNavigationItems(value: unknown): NavigationItem[] | null {
  if (!Array.isArray(value) || value.length === 0) {
    return null;
  }
  return normalizeItems(value, 'item');
}

function normalizeItems(values: readonly unknown[], prefix: string): NavigationItem[] {
  return values.filter(isNavigationItemLike).map((item, index) => {
    const id =
      typeof item.id === 'string' || typeof item.id === 'number'
        ? String(item.id)
        : `${prefix}-${index}`;
    return {
      ...item,
      id,
      children: Array.isArray(item.children) ? normalizeItems(item.children, id) : [],
    };
  });
}
