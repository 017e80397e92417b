import {
  readSearchState,
  searchQueryValues,
  toSearchParams,
  type SearchBootstrap,
} from '../../../../common/src/api/search.page.ts';
import { searchQuerySchema } from '../../../../common/src/api/search.ts';
import type { RequestContext } from '../../http/context.ts';
import { AppError } from '../../platform/errors.ts';
import { search } from './search.service.ts';

/**
 * The first results of a `/search?query=` page, for its server render (guests and crawlers see
 * them at first paint; the browser does not ask again). Null for other pages, an empty query, or
 * a search the API would refuse (the page then shows the API's answer itself).
 */
export async function loadSearchPage(
  ctx: RequestContext,
  pathname: string,
  queryString: string,
): Promise<SearchBootstrap | null> {
  if (pathname !== '/search' && pathname !== '/search/') return null;
  const state = readSearchState(new URLSearchParams(queryString));
  if (state.query.trim() === '') return null;
  const params = searchQueryValues(toSearchParams(state));
  const parsed = searchQuerySchema.safeParse(params);
  if (!parsed.success) return null;
  try {
    const answer = await search(ctx, parsed.data);
    return { params, results: answer.results, total: answer.paging.total ?? answer.results.length };
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
}
