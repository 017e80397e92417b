import type { SearchResult } from '../../../../../common/src/api/search.ts';
import { apiRequest, type Paging } from '../../../lib/api.ts';

/** What the search page sends (api-contract §17), already in the API's names. */
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

/** A page of results and its paging headers (a numbered pager). */
export interface SearchPageData {
  results: SearchResult[];
  paging: Paging;
}

/** `GET /search` (api-contract §17); the signal cancels a superseded request. */
export async function fetchSearch(params: SearchParams, signal?: AbortSignal): Promise<SearchPageData> {
  const query: Record<string, string | number | boolean | readonly string[]> = {};
  for (const [key, value] of Object.entries(params) as [string, unknown][]) {
    if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) continue;
    query[key] = Array.isArray(value) ? value.join(',') : (value as string | number | boolean);
  }
  const response = await apiRequest<SearchResult[]>('/search', { query, signal });
  return { results: response.data, paging: response.paging };
}
