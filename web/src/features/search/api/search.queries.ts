import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  isSameSearch,
  searchQueryValues,
  type SearchParams,
} from '../../../../../common/src/api/search.page.ts';
import { useBootstrap } from '../../../lib/bootstrap.ts';
import { fetchSearch } from './search.api.ts';

/** Query keys of search. */
export const searchKeys = {
  all: ['search'] as const,
  results: (params: SearchParams) => ['search', 'results', params] as const,
  suggestions: (query: string) => ['search', 'suggestions', query] as const,
};

/** The results page; the previous page stays on screen while the next one loads. */
export function useSearchQuery(params: SearchParams, enabled: boolean) {
  // The server rendered this search's first results into the page: hydrate from them.
  const initial = useBootstrap().search;
  const seeded =
    initial !== undefined && isSameSearch(initial.params, searchQueryValues(params))
      ? { results: initial.results, paging: { total: initial.total, currentPage: params.page, limit: params.limit } }
      : undefined;
  return useQuery({
    queryKey: searchKeys.results(params),
    queryFn: ({ signal }) => fetchSearch(params, signal),
    enabled,
    placeholderData: keepPreviousData,
    ...(seeded ? { initialData: seeded } : {}),
  });
}

/** Results a search bar suggests while typing (spec 001 §7.8, §9: limit 10). */
export function useSearchSuggestionsQuery(query: string, limit: number) {
  return useQuery({
    queryKey: searchKeys.suggestions(query),
    queryFn: ({ signal }) =>
      fetchSearch(
        { query, limit, expand: ['breadcrumbs', '-body'], includeTypeaheads: true, recordTypes: ['discussion', 'category', 'user'] },
        signal,
      ),
    enabled: query.trim() !== '',
  });
}
