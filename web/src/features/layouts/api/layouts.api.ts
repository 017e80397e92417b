import { lookupHydrateSearch, type LayoutLookup } from '../../../../../common/src/api/layouts.lookup.ts';
import type { LookupHydrateResult } from '../../../../../common/src/api/layouts.ts';
import { api } from '../../../lib/api.ts';

/** `GET /layouts/lookup-hydrate` (api-contract §22) for a page's lookup. */
export function fetchLookupHydrate(lookup: LayoutLookup, signal?: AbortSignal): Promise<LookupHydrateResult> {
  return api.get<LookupHydrateResult>('/layouts/lookup-hydrate', {
    query: lookupHydrateSearch(lookup),
    ...(signal === undefined ? {} : { signal }),
  });
}
