import type { FollowedCategoryPreferences } from '../../../../../common/src/api/categories.ts';
import type { Comment } from '../../../../../common/src/api/comments.ts';
import type { Discussion } from '../../../../../common/src/api/discussions.ts';
import type { ReactedItem, User } from '../../../../../common/src/api/users.ts';
import { api, apiRequest, type Paging } from '../../../lib/api.ts';

/** Items per page of every profile list. */
export const PROFILE_PAGE_LIMIT = 30;

/** A page of a profile list with its paging headers (api-contract §1.9). */
export interface ProfileListPage<T> {
  items: T[];
  paging: Paging;
}

/** `GET /users/$name:{name}?expand[]=all` (spec 001 §7.1): the profile's user. */
export function fetchUserByName(name: string): Promise<User> {
  return api.get<User>(`/users/$name:${encodeURIComponent(name)}`, { query: { expand: ['all'] } });
}

/** `GET /users/{id}?expand[]=all` (spec 001 §7.1: the profile card loads a user by userID). */
export function fetchUserByID(userID: number): Promise<User> {
  return api.get<User>(`/users/${userID}`, { query: { expand: ['all'] } });
}

/** `GET /discussions?insertUserID=`: a member's discussions, newest first. */
export async function fetchUserDiscussions(
  userID: number,
  page: number,
  limit = PROFILE_PAGE_LIMIT,
): Promise<ProfileListPage<Discussion>> {
  const response = await apiRequest<Discussion[]>('/discussions', {
    query: {
      insertUserID: userID,
      page,
      limit,
      sort: '-dateInserted',
      expand: ['insertUser', 'lastUser', 'breadcrumbs'],
    },
  });
  return { items: response.data, paging: response.paging };
}

/** `GET /comments?insertUserID=`: a member's comments, newest first. */
export async function fetchUserComments(
  userID: number,
  page: number,
  limit = PROFILE_PAGE_LIMIT,
): Promise<ProfileListPage<Comment>> {
  const response = await apiRequest<Comment[]>('/comments', {
    query: { insertUserID: userID, page, limit, sort: '-dateInserted' },
  });
  return { items: response.data, paging: response.paging };
}

/** `GET /discussions/bookmarked` (api-contract §8): the signed-in member's bookmarks. */
export async function fetchBookmarks(
  page: number,
  limit = PROFILE_PAGE_LIMIT,
): Promise<ProfileListPage<Discussion>> {
  const response = await apiRequest<Discussion[]>('/discussions/bookmarked', {
    query: { page, limit, expand: ['insertUser', 'lastUser'] },
  });
  return { items: response.data, paging: response.paging };
}

/** `GET /categories/preferences/{userID}` (api-contract §7): the categories a member follows. */
export function fetchFollowedCategories(userID: number): Promise<FollowedCategoryPreferences[]> {
  return api.get<FollowedCategoryPreferences[]>(`/categories/preferences/${userID}`);
}

/** `PUT /categories/{id}/follow` (api-contract §7). */
export function setCategoryFollowed(
  categoryID: number,
  followed: boolean,
): Promise<{ followed: boolean }> {
  return api.put<{ followed: boolean }>(`/categories/${categoryID}/follow`, { followed });
}

/** The profile fields of `PATCH /users/{id}` (issue 15). */
export interface ProfileFieldsPatch {
  title: string;
  profileFields: { location: string; about: string };
}

/** `PATCH /users/{id}` with the profile fields; answers the full user. */
export function patchProfileFields(userID: number, patch: ProfileFieldsPatch): Promise<User> {
  return api.patch<User>(`/users/${userID}`, patch);
}

/** `GET /users/{id}/reacted` (api-contract §3): the member's posts that got reactions. */
export async function fetchReacted(
  userID: number,
  page: number,
  reaction: string | null,
): Promise<ProfileListPage<ReactedItem>> {
  const response = await apiRequest<ReactedItem[]>(`/users/${userID}/reacted`, {
    query: {
      page,
      limit: PROFILE_PAGE_LIMIT,
      ...(reaction === null ? {} : { reactionUrlcode: reaction }),
    },
  });
  return { items: response.data, paging: response.paging };
}
