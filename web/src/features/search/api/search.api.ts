import type { SearchResult } from '../../../../../common/src/api/search.ts';
import { searchQueryValues, type SearchParams } from '../../../../../common/src/api/search.page.ts';
import { apiRequest, type Paging } from '../../../lib/api.ts';

/** A page of results and its paging headers (a numbered pager). */
export interface SearchPageData {
  results: SearchResult[];
  paging: Paging;
}

/** `GET /search` (api-contract §17); the signal cancels a superseded request. */
export async function fetchSearch(params: SearchParams, signal?: AbortSignal): Promise<SearchPageData> {
  const query = searchQueryValues(params);
  const response = await apiRequest<SearchResult[]>('/search', { query, signal });
  return { results: response.data, paging: response.paging };
}
