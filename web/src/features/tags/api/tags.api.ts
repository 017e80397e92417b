import { api } from '../../../lib/api.ts';

/** A tag (api-contract §11). */
export interface Tag {
  tagID: number;
  name: string;
  urlcode: string;
  type?: string | null;
  countDiscussions?: number;
}

/** `GET /tags?query={name}` for the tag picker (spec 001 §7.6): ordinary user tags. */
export function searchTags(query: string, signal?: AbortSignal): Promise<Tag[]> {
  return api.get<Tag[]>('/tags', { query: { query, type: 'User', limit: 20 }, signal });
}
