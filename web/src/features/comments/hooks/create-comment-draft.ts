import { useCallback, useSyncExternalStore } from 'react';

/**
 * The unposted text of each discussion's create-comment box, shared by the thread (Reply asks
 * before discarding it, Quote adds to it) and the box. Written only from browser events.
 */
const drafts = new Map<number, string>();
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getCreateCommentDraft(discussionID: number): string {
  return drafts.get(discussionID) ?? '';
}

export function setCreateCommentDraft(discussionID: number, value: string): void {
  if (value === '') drafts.delete(discussionID);
  else drafts.set(discussionID, value);
  for (const listener of listeners) listener();
}

/** The create-comment draft of a discussion and its setter. */
export function useCreateCommentDraft(discussionID: number): [string, (value: string) => void] {
  const value = useSyncExternalStore(
    subscribe,
    () => getCreateCommentDraft(discussionID),
    () => '',
  );
  const setValue = useCallback(
    (next: string) => setCreateCommentDraft(discussionID, next),
    [discussionID],
  );
  return [value, setValue];
}
