/**
 * Layouts without their schemas (api-contract §22): view and record types, the page path → lookup
 * mapping shared by the server render and the browser, and the options widgets read. Zod-free, so
 * the web app's first load carries none of the schemas; `layouts.ts` re-exports all of it.
 */

import type { Category, CategoryTreeNode } from './categories.ts';

/** View types Hearth ships default layouts for (`discussion` is an alias of `post`). */
export const layoutViewTypes = [
  'home',
  'discussionList',
  'categoryList',
  'post',
  'discussion',
] as const;

export type LayoutViewType = (typeof layoutViewTypes)[number];

/** Records a layout is looked up for. */
export const layoutRecordTypes = ['siteSection', 'category', 'discussion', 'comment'] as const;

export type LayoutRecordType = (typeof layoutRecordTypes)[number];

/** Discussion list sorts with their front-end labels (api-contract §8 GET /discussions). */
export const discussionListSorts = [
  '-dateLastComment',
  '-dateInserted',
  '-score',
  '-hot',
  'dateInserted',
] as const;

export type DiscussionListSort = (typeof discussionListSorts)[number];

/** Where a widget shows (`$middleware.visibility.device`). */
export const widgetDevices = ['mobile', 'desktop', 'all'] as const;

/** A widget or section node: its registry name and hydrated props (which may hold nested nodes). */
export interface WidgetNode {
  $reactComponent: string;
  $reactProps: Record<string, unknown>;
  $middleware?: { visibility?: { device: (typeof widgetDevices)[number] } } | undefined;
}

/** The target should be shown elsewhere: the client replaces the page (api-contract §22). */
export interface LayoutRedirect {
  redirectTo: string;
  status: 301 | 302;
}

/** Whether a lookup-hydrate answer is a redirect rather than a layout. */
export function isLayoutRedirect<T extends object>(result: T | LayoutRedirect): result is LayoutRedirect {
  return 'redirectTo' in result;
}

/** What to look up for a page: the lookup-hydrate query, `params` as flat strings. */
export interface LayoutLookup {
  layoutViewType: LayoutViewType;
  recordType: LayoutRecordType;
  recordID: string;
  params: Record<string, string>;
}

/** `p{page}` path segments of the pager (spec 000 §2). */
const PAGE_SEGMENT = /^p(\d{1,9})$/;

function queryParams(search: string): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(search)) {
    if (key === '' || value === '') continue;
    params[key] = params[key] === undefined ? value : `${params[key]},${value}`;
  }
  return params;
}

function pick(params: Record<string, string>, keys: readonly string[]): Record<string, string> {
  return Object.fromEntries(keys.filter((key) => params[key] !== undefined).map((key) => [key, params[key] as string]));
}

function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/**
 * The layout of a page path (spec 000 §2 "Discussion lists and layout routes"), or null when the
 * path is not a layout page. Server (SSR) and browser use this one mapping, so the layout the
 * server hydrated is found again by the browser without a second request.
 */
export function layoutLookupForPath(pathname: string, search = ''): LayoutLookup | null {
  const segments = pathname.split('/').filter((segment) => segment !== '');
  const query = queryParams(search);
  const [first, second, third, fourth, ...rest] = segments;
  if (segments.length === 0) {
    return { layoutViewType: 'home', recordType: 'siteSection', recordID: '0', params: {} };
  }
  if (first === 'discussions' && second === 'tagged') {
    // issue 14: `/discussions/tagged/{tag}[/p{n}]`, the tag by URL code or name.
    const tag = third === undefined ? null : decodeSegment(third);
    const page = fourth === undefined ? undefined : PAGE_SEGMENT.exec(fourth)?.[1];
    if (tag === null || tag === '' || rest.length > 0 || (fourth !== undefined && page === undefined)) return null;
    const params: Record<string, string> = { ...pick(query, ['sort']), tag };
    if (page !== undefined) params.page = String(Number(page));
    return { layoutViewType: 'discussionList', recordType: 'siteSection', recordID: '0', params };
  }
  if (first === 'discussions' && segments.length <= 2) {
    // The query string is passed as params (spec 000 §2); a `/p{n}` segment is the page.
    if (second === undefined) {
      return { layoutViewType: 'discussionList', recordType: 'siteSection', recordID: '0', params: query };
    }
    const page = PAGE_SEGMENT.exec(second)?.[1];
    if (page === undefined) return null;
    return {
      layoutViewType: 'discussionList',
      recordType: 'siteSection',
      recordID: '0',
      params: { ...query, page: String(Number(page)) },
    };
  }
  if (first === 'categories') {
    if (segments.length === 1) {
      return { layoutViewType: 'categoryList', recordType: 'siteSection', recordID: '0', params: pick(query, ['page']) };
    }
    const id = second === undefined ? null : decodeSegment(second);
    if (id === null || id === '' || segments.length > 3) return null;
    // page from the path, else the query, else 1.
    const pathPage = third === undefined ? undefined : PAGE_SEGMENT.exec(third)?.[1];
    if (third !== undefined && pathPage === undefined) return null;
    const page = pathPage ?? query.page;
    const params: Record<string, string> = { ...pick(query, ['sort', 'tagID']), categoryID: id };
    if (page !== undefined) params.page = page;
    return { layoutViewType: 'categoryList', recordType: 'category', recordID: id, params };
  }
  if (first === 'discussion') {
    if (second === 'comment') {
      if (third === undefined || fourth !== undefined || !/^\d+$/.test(third)) return null;
      return {
        layoutViewType: 'post',
        recordType: 'comment',
        recordID: third,
        params: { commentID: third, ...pick(query, ['sort']) },
      };
    }
    if (second === undefined || !/^\d+$/.test(second) || rest.length > 0) return null;
    // /discussion/{id}[/{slug}][/p{page}]: a `p{n}` segment is the page.
    let page: string | undefined;
    if (fourth !== undefined) {
      page = PAGE_SEGMENT.exec(fourth)?.[1];
      if (page === undefined) return null;
    } else if (third !== undefined) {
      page = PAGE_SEGMENT.exec(third)?.[1];
    }
    const params: Record<string, string> = { discussionID: second, ...pick(query, ['sort']) };
    if (page !== undefined && Number(page) > 1) params.page = String(Number(page));
    return { layoutViewType: 'post', recordType: 'discussion', recordID: second, params };
  }
  return null;
}

/**
 * spec 000 §2 pager: page 1 has no suffix. The URL a `/p1` (or `/p01`) path of a paged list
 * redirects to, the query string kept; null when the path is not such a page.
 */
export function firstPageRedirect(pathname: string, search = ''): string | null {
  const match = /^(\/(?:discussions(?:\/tagged\/[^/]+)?|categories\/[^/]+|discussion\/\d+(?:\/[^/]+)?))\/p0*1\/?$/.exec(pathname);
  if (match === null || match[1] === undefined) return null;
  if (/^\/discussion\/\d+\/p\d+$/.test(match[1])) return null;
  return `${match[1]}${search}`;
}

/** The flat query of a lookup (`params[key]=value`), as the web client sends it. */
export function lookupHydrateSearch(lookup: LayoutLookup): Record<string, string> {
  const query: Record<string, string> = {
    layoutViewType: lookup.layoutViewType,
    recordType: lookup.recordType,
    recordID: lookup.recordID,
  };
  for (const [key, value] of Object.entries(lookup.params)) query[`params[${key}]`] = value;
  return query;
}

/** Whether two lookups ask for the same layout (params compared as sets of pairs). */
export function sameLayoutLookup(a: LayoutLookup, b: LayoutLookup): boolean {
  if (a.layoutViewType !== b.layoutViewType || a.recordType !== b.recordType || a.recordID !== b.recordID) {
    return false;
  }
  const aKeys = Object.keys(a.params);
  return aKeys.length === Object.keys(b.params).length && aKeys.every((key) => a.params[key] === b.params[key]);
}

/** metas.display flags of the category list (spec 000 §3 "Category display options"). */
export const categoryMetaFlags = [
  'discussionCount',
  'commentCount',
  'postCount',
  'followerCount',
  'lastPostName',
  'lastPostAuthor',
  'lastPostDate',
  'subcategories',
] as const;

export type CategoryMetaFlag = (typeof categoryMetaFlags)[number];

/** How the category list shows each item's meta (spec 000 §3). */
export interface CategoryItemOptions {
  metas: {
    display: Record<CategoryMetaFlag, boolean>;
    /** Counts as icons with the number (true) or as labelled text (false). */
    asIcons: boolean;
    /** Counts include the subcategories' (`countAll…`). */
    includeSubcategoriesCount: boolean;
  };
}

/** A category as the side panel's links draw it (web `CategoryLinks`): name, link, counts. */
export interface CategoryLink {
  categoryID: number;
  name: string;
  url: string;
  displayAs: Category['displayAs'];
  countDiscussions: number;
  countAllDiscussions: number;
  /** A heading's children are drawn in its place. */
  children?: CategoryLink[];
}

/**
 * The parts of a category record the side panel's links draw: what a server-rendered page's
 * bootstrap carries for them (the `categoryList` hydrator in compact mode).
 */
export function categoryLinkOf(category: Category | CategoryTreeNode): CategoryLink {
  return {
    categoryID: category.categoryID,
    name: category.name,
    url: category.url,
    displayAs: category.displayAs,
    countDiscussions: category.countDiscussions,
    countAllDiscussions: category.countAllDiscussions,
    ...('children' in category && category.children !== undefined
      ? { children: category.children.map(categoryLinkOf) }
      : {}),
  };
}

/** The default category item options of Hearth's layouts. */
export const defaultCategoryItemOptions: CategoryItemOptions = {
  metas: {
    display: {
      discussionCount: true,
      commentCount: true,
      postCount: false,
      followerCount: false,
      lastPostName: true,
      lastPostAuthor: true,
      lastPostDate: true,
      subcategories: true,
    },
    asIcons: false,
    includeSubcategoriesCount: true,
  },
};

/** A post type the new post menu offers. */
export interface NewPostMenuItem {
  type: 'discussion' | 'question';
  url: string;
}

/** Paging of a hydrated list: `total` records, `limit` a page. */
export interface LayoutPaging {
  page: number;
  limit: number;
  total: number;
}
