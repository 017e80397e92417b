import type { Tag } from '../../../../../common/src/api/tags.ts';
import { api } from '../../../lib/api.ts';

/** `GET /tags?query={name}` for the tag picker (spec 001 §7.6): ordinary user tags. */
export function searchTags(query: string, signal?: AbortSignal): Promise<Tag[]> {
  return api.get<Tag[]>('/tags', { query: { query, type: 'User', limit: 20 }, signal });
}
