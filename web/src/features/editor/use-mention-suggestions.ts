import { useEffect, useState } from 'react';
import { dataLimits } from '../../../../common/src/constants.ts';
import { fetchMentionUsers, type MentionUser } from './api/mentions.api.ts';
import { MentionSearch } from './mention-search.ts';

/** One cache for the page: every editor shares what was already asked. */
export const mentionSearch = new MentionSearch(fetchMentionUsers);

export interface MentionSuggestions {
  /** The query the users answer (null while nothing has answered the current query yet). */
  query: string | null;
  users: MentionUser[];
  isLoading: boolean;
}

/**
 * Suggestions for a typed mention (spec 001 §9): cached answers at once, otherwise one request
 * after the 50 ms debounce, the previous one cancelled.
 */
export function useMentionSuggestions(
  query: string | null,
  search: MentionSearch = mentionSearch,
): MentionSuggestions {
  const [result, setResult] = useState<{ query: string; users: MentionUser[] } | null>(null);
  const cached = query === null ? undefined : search.cached(query);

  useEffect(() => {
    if (query === null || cached !== undefined) return undefined;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      search.search(query, controller.signal).then(
        (users) => setResult({ query, users }),
        () => {
          if (!controller.signal.aborted) setResult({ query, users: [] });
        },
      );
    }, dataLimits.mentionDebounceMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, cached, search]);

  if (query === null) return { query: null, users: [], isLoading: false };
  if (cached !== undefined) return { query, users: cached, isLoading: false };
  if (result !== null && result.query.toLowerCase() === query.toLowerCase()) {
    return { query, users: result.users, isLoading: false };
  }
  return { query: null, users: [], isLoading: true };
}
