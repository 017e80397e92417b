import { dataLimits } from '../../../../../common/src/constants.ts';
import { api } from '../../../lib/api.ts';

/** A user a mention can name (the UserFragment fields the suggestions show). */
export interface MentionUser {
  userID: number;
  name: string;
  photoUrl?: string | null;
}

/**
 * spec 001 §7.1, spec 000 §5: `GET /users/by-names/` with the typed name plus a trailing
 * wildcard, `order=mention`, `limit=50`.
 */
export function fetchMentionUsers(prefix: string, signal?: AbortSignal): Promise<MentionUser[]> {
  return api.get<MentionUser[]>('/users/by-names/', {
    query: { name: `${prefix}*`, order: 'mention', limit: dataLimits.mentionSuggestionLimit },
    ...(signal === undefined ? {} : { signal }),
  });
}
