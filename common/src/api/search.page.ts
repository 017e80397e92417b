import type { SearchResult } from './search.ts';

/** What the search page sends to `GET /search` (api-contract §17), in the API's names. */
export interface SearchParams {
  query?: string | undefined;
  name?: string | undefined;
  recordTypes?: readonly string[] | undefined;
  queryOperator?: 'and' | 'or' | undefined;
  categoryID?: number | undefined;
  includeChildCategories?: boolean | undefined;
  followedCategories?: boolean | undefined;
  insertUserNames?: readonly string[] | undefined;
  tags?: readonly string[] | undefined;
  tagOperator?: 'and' | 'or' | undefined;
  dateInserted?: string | undefined;
  sort?: string | undefined;
  page?: number | undefined;
  limit?: number | undefined;
  expand?: readonly string[] | undefined;
  includeTypeaheads?: boolean | undefined;
}

/** The search page's domains (spec 000 §2): what kind of record it looks for. */
export const searchDomains = ['all_content', 'category', 'user'] as const;
export type SearchDomain = (typeof searchDomains)[number];

export const searchPageSorts = ['relevance', '-dateInserted', 'dateInserted'] as const;
export type SearchPageSort = (typeof searchPageSorts)[number];

/** Results per page (spec 001 §9: pager default page size 10). */
export const SEARCH_PAGE_LIMIT = 10;

/** The search page's state, as its address carries it (spec 000 §2 parameters). */
export interface SearchPageState {
  query: string;
  domain: SearchDomain;
  page: number;
  sort: SearchPageSort;
  queryOperator: 'and' | 'or';
  /** Titles only: the query is sent as `name`. */
  titlesOnly: boolean;
  categoryID: number | undefined;
  includeChildCategories: boolean;
  followedCategories: boolean;
  /** Author names (`authors`, comma-separated). */
  authors: string[];
  tags: string[];
  tagOperator: 'and' | 'or';
  /** `YYYY-MM-DD` bounds of `dateInserted`, inclusive. */
  startDate: string;
  endDate: string;
}

const list = (value: string | null): string[] =>
  (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');

const oneOf = <T extends string>(values: readonly T[], value: string | null, fallback: T): T =>
  values.find((item) => item === value) ?? fallback;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Reads the search page's state from its query string (the web page and the server, which renders
 * the same results into the page for guests and crawlers); bad values fall back to defaults.
 */
export function readSearchState(search: URLSearchParams): SearchPageState {
  const page = Number(search.get('page') ?? '1');
  const categoryID = Number(search.get('categoryID') ?? '');
  const date = (key: string): string => {
    const value = search.get(key) ?? '';
    return DATE.test(value) ? value : '';
  };
  return {
    query: search.get('query') ?? search.get('search') ?? '',
    domain: oneOf(searchDomains, search.get('domain'), 'all_content'),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    sort: oneOf(searchPageSorts, search.get('sort'), 'relevance'),
    queryOperator: search.get('queryOperator') === 'or' ? 'or' : 'and',
    titlesOnly: search.get('name') === '1' || search.get('name') === 'true',
    categoryID: Number.isInteger(categoryID) && categoryID > 0 ? categoryID : undefined,
    includeChildCategories: search.get('includeChildCategories') === 'true',
    followedCategories: search.get('followedCategories') === 'true',
    authors: list(search.get('authors')),
    tags: list(search.get('tags')),
    tagOperator: search.get('tagOperator') === 'and' ? 'and' : 'or',
    startDate: date('startDate'),
    endDate: date('endDate'),
  };
}

/** The page's address parameters for a state (defaults left out). */
export function searchStateParams(state: SearchPageState): Record<string, string | number | undefined> {
  return {
    query: state.query.trim() || undefined,
    domain: state.domain === 'all_content' ? undefined : state.domain,
    page: state.page > 1 ? state.page : undefined,
    sort: state.sort === 'relevance' ? undefined : state.sort,
    queryOperator: state.queryOperator === 'or' ? 'or' : undefined,
    name: state.titlesOnly ? 'true' : undefined,
    categoryID: state.categoryID,
    includeChildCategories: state.includeChildCategories ? 'true' : undefined,
    followedCategories: state.followedCategories ? 'true' : undefined,
    authors: state.authors.length > 0 ? state.authors.join(',') : undefined,
    tags: state.tags.length > 0 ? state.tags.join(',') : undefined,
    tagOperator: state.tagOperator === 'and' ? 'and' : undefined,
    startDate: state.startDate || undefined,
    endDate: state.endDate || undefined,
  };
}

/** The `dateInserted` filter of a date range (api-contract §1.5), or undefined. */
function dateFilter(startDate: string, endDate: string): string | undefined {
  if (startDate && endDate) return `[${startDate},${endDate}]`;
  if (startDate) return `>=${startDate}`;
  if (endDate) return `<=${endDate}`;
  return undefined;
}

/** A search's parameters as a query string's values (arrays as CSV), empty ones left out. */
export function searchQueryValues(params: SearchParams): Record<string, string | number | boolean> {
  const values: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(params) as [string, unknown][]) {
    if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) continue;
    values[key] = Array.isArray(value) ? value.join(',') : (value as string | number | boolean);
  }
  return values;
}

/**
 * The `GET /search` parameters of a state. Filters a domain does not permit are dropped (spec
 * 000 §2): categories and members take only the query.
 */
export function toSearchParams(state: SearchPageState): SearchParams {
  const text = state.query.trim();
  const base: SearchParams = {
    ...(state.titlesOnly && state.domain === 'all_content' ? { name: text } : { query: text }),
    page: state.page,
    limit: SEARCH_PAGE_LIMIT,
    sort: state.sort,
    queryOperator: state.queryOperator,
    expand: ['insertUser', 'breadcrumbs', 'excerpt', '-body'],
  };
  if (state.domain === 'category') return { ...base, recordTypes: ['category'] };
  if (state.domain === 'user') return { ...base, recordTypes: ['user'] };
  return {
    ...base,
    recordTypes: ['discussion', 'comment'],
    categoryID: state.categoryID,
    includeChildCategories: state.categoryID !== undefined && state.includeChildCategories ? true : undefined,
    followedCategories: state.followedCategories ? true : undefined,
    insertUserNames: state.authors,
    tags: state.tags,
    tagOperator: state.tags.length > 1 ? state.tagOperator : undefined,
    dateInserted: dateFilter(state.startDate, state.endDate),
  };
}

/**
 * The results a server-rendered `/search` page embeds (page bootstrap `search`): the search's
 * query values, so the page uses them only for the same search, and its first page.
 */
export interface SearchBootstrap {
  params: Record<string, string | number | boolean>;
  results: SearchResult[];
  total: number;
}

/** Whether two searches' query values are the same search. */
export function isSameSearch(
  a: Readonly<Record<string, string | number | boolean>>,
  b: Readonly<Record<string, string | number | boolean>>,
): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((key) => String(a[key]) === String(b[key]));
}
