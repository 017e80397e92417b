import { QueryClient } from '@tanstack/react-query';
import { dataLimits } from '../../../common/src/constants.ts';

/** The app's query client: stale after 5 minutes, no retry (spec 001 §9). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: dataLimits.queryStaleTimeMs,
        retry: dataLimits.queryRetry,
      },
      mutations: {
        retry: dataLimits.queryRetry,
      },
    },
  });
}
