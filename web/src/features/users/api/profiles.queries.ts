import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProfileListKind } from '../../../../../common/src/api/profiles.ts';
import type { User } from '../../../../../common/src/api/users.ts';
import { useBootstrap } from '../../../lib/bootstrap.ts';
import {
  fetchBookmarks,
  fetchFollowedCategories,
  fetchReacted,
  fetchUserByID,
  fetchUserByName,
  fetchUserComments,
  fetchUserDiscussions,
  patchProfileFields,
  PROFILE_PAGE_LIMIT,
  type ProfileFieldsPatch,
  setCategoryFollowed,
  type ProfileListPage,
} from './profiles.api.ts';

/** Query keys of profiles; every key starts with 'profiles'. */
export const profileKeys = {
  all: ['profiles'] as const,
  byName: (name: string) => ['profiles', 'name', name.toLowerCase()] as const,
  byID: (userID: number) => ['profiles', 'id', userID] as const,
  list: (kind: ProfileListKind, userID: number, page: number, limit: number) =>
    ['profiles', 'list', kind, userID, page, limit] as const,
  followedCategories: (userID: number) => ['profiles', 'followed-categories', userID] as const,
  reacted: (userID: number, page: number, reaction: string | null) =>
    ['profiles', 'reacted', userID, page, reaction] as const,
};

export type { ProfileListKind };

/** The server-rendered profile data of this page, when it is the one asked for. */
function useInitialProfile() {
  return useBootstrap().profile;
}

/** The user of a profile page, by name (seeded by the server render). */
export function useProfileUserQuery(name: string) {
  const initial = useInitialProfile();
  const isSeeded = initial?.name.toLowerCase() === name.toLowerCase();
  const seeded = isSeeded ? initial?.user : undefined;
  // The server already found no such user: the page is its 404 (also in the server render).
  const isMissing = isSeeded && initial?.error?.status === 404;
  const query = useQuery({
    queryKey: profileKeys.byName(name),
    queryFn: () => fetchUserByName(name),
    enabled: !isMissing,
    ...(seeded ? { initialData: seeded } : {}),
  });
  return Object.assign(query, { isMissing });
}

/** The user of a user card, loaded when the card opens (spec 001 §7.1). */
export function useUserCardQuery(userID: number, enabled: boolean) {
  return useQuery<User>({
    queryKey: profileKeys.byID(userID),
    queryFn: () => fetchUserByID(userID),
    enabled: enabled && userID > 0,
  });
}

/** One page of a profile list (seeded by the server render for the page it rendered). */
export function useProfileListQuery<T>(
  kind: ProfileListKind,
  userID: number | undefined,
  page: number,
  limit = PROFILE_PAGE_LIMIT,
) {
  const initial = useInitialProfile()?.lists?.find(
    (list) =>
      list.kind === kind && list.userID === userID && list.page === page && list.limit === limit,
  );
  const seeded = initial ? (initial.data as ProfileListPage<T>) : undefined;
  return useQuery({
    queryKey: profileKeys.list(kind, userID ?? 0, page, limit),
    queryFn: () =>
      (kind === 'discussions'
        ? fetchUserDiscussions(userID ?? 0, page, limit)
        : kind === 'comments'
          ? fetchUserComments(userID ?? 0, page, limit)
          : fetchBookmarks(page, limit)) as Promise<ProfileListPage<T>>,
    enabled: userID !== undefined,
    placeholderData: keepPreviousData,
    ...(seeded ? { initialData: seeded } : {}),
  });
}

/** The categories a member follows. */
export function useFollowedCategoriesQuery(userID: number) {
  return useQuery({
    queryKey: profileKeys.followedCategories(userID),
    queryFn: () => fetchFollowedCategories(userID),
    enabled: userID > 0,
  });
}

/** Unfollows (or follows) a category, then refreshes the followed list. */
export function useFollowCategoryMutation(userID: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ categoryID, followed }: { categoryID: number; followed: boolean }) =>
      setCategoryFollowed(categoryID, followed),
    onSettled: () => client.invalidateQueries({ queryKey: profileKeys.followedCategories(userID) }),
  });
}

/** Saves the profile fields; the saved user replaces the cached profile and user card. */
export function useSaveProfileFieldsMutation(user: User) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (patch: ProfileFieldsPatch) => patchProfileFields(user.userID, patch),
    onSuccess: (saved) => {
      client.setQueryData(profileKeys.byName(saved.name), saved);
      client.setQueryData(profileKeys.byID(saved.userID), saved);
    },
  });
}

/** A page of the reactions tab (`/profile/reactions/{name}?reaction={urlcode}`). */
export function useReactedQuery(userID: number, page: number, reaction: string | null) {
  return useQuery({
    queryKey: profileKeys.reacted(userID, page, reaction),
    queryFn: () => fetchReacted(userID, page, reaction),
    placeholderData: keepPreviousData,
  });
}
