import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import type { HydratedLayout, LayoutLookup } from '../../../../../common/src/api/layouts.ts';
import type { Bootstrap } from '../../../lib/bootstrap.ts';
import { fetchLookupHydrate } from './layouts.api.ts';

function sortedParams(params: Readonly<Record<string, string>>): [string, string][] {
  return Object.entries(params).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** Query keys of hydrated layouts: one per view type, record and params. */
export const layoutKeys = {
  all: ['layouts'] as const,
  lookup: (lookup: LayoutLookup) =>
    [
      'layouts',
      'lookup-hydrate',
      lookup.layoutViewType,
      lookup.recordType,
      lookup.recordID,
      sortedParams(lookup.params),
    ] as const,
};

/** Puts the server's hydrated layout in the cache, so hydration fetches nothing (ARCHITECTURE "Web"). */
export function seedLayout(client: QueryClient, bootstrap: Bootstrap): void {
  const layout = bootstrap.layout;
  if (layout?.result !== undefined) {
    client.setQueryData(layoutKeys.lookup(layout.lookup), layout.result);
  }
}

/**
 * The hydrated layout of a page. Client-side navigation fetches the new page's layout and keeps
 * the previous one on screen meanwhile.
 */
export function useLayoutQuery(
  lookup: LayoutLookup,
  options: { enabled: boolean; initialData?: HydratedLayout | undefined },
) {
  return useQuery({
    queryKey: layoutKeys.lookup(lookup),
    queryFn: ({ signal }) => fetchLookupHydrate(lookup, signal),
    enabled: options.enabled,
    ...(options.initialData === undefined ? {} : { initialData: options.initialData }),
    placeholderData: keepPreviousData,
  });
}
