import { dataLimits } from '../../../../../common/src/constants.ts';
import { api } from '../../../lib/api.ts';
import type { UserFragment } from '../../../../../common/src/api/users.ts';

/** A user a mention can name (the UserFragment fields the suggestions show). */
export type MentionUser = Pick<UserFragment, 'userID' | 'name'> & Partial<Pick<UserFragment, 'photoUrl'>>;

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
