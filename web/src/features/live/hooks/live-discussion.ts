import { useEffect, useSyncExternalStore } from 'react';

// The discussion the reader has open, so the page's one live stream also carries its new comments.

let current: number | null = null;
const listeners = new Set<() => void>();

function set(discussionID: number | null): void {
  if (current === discussionID) return;
  current = discussionID;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Declares, while mounted, that the reader has this discussion open (its comment thread calls it). */
export function useLiveDiscussion(discussionID: number): void {
  useEffect(() => {
    set(discussionID);
    return () => {
      if (current === discussionID) set(null);
    };
  }, [discussionID]);
}

/** The discussion the reader has open, or null. */
export function useOpenDiscussionID(): number | null {
  return useSyncExternalStore(subscribe, () => current, () => null);
}
