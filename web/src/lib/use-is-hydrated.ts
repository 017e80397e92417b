import { useSyncExternalStore } from 'react';

const subscribeNothing = () => () => undefined;

/**
 * False during the server render and hydration, true once the page runs in the browser (the one
 * place that tells them apart: client-only parts, controls that must not act before React does).
 */
export function useIsHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
}
