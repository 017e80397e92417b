import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { dataLimits } from '../../../common/src/constants.ts';
import { isBannedError, markCurrentUserBanned } from './session.ts';

/**
 * The app's query client: stale after 5 minutes, no retry (spec 001 §9). A call answered 401
 * "You are banned." marks the current user banned, so the app says so (api-contract §1.2).
 */
export function createQueryClient(): QueryClient {
  const onError = (error: unknown) => {
    if (isBannedError(error)) markCurrentUserBanned(client);
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
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
  return client;
}
