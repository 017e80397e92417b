import { useQuery, type QueryClient } from '@tanstack/react-query';
import { has, type HasOptions } from '../../../common/src/permissions/has.ts';
import type { PermissionName } from '../../../common/src/permissions/names.ts';
import type { PermissionSet } from '../../../common/src/permissions/types.ts';
import { api, ApiError } from './api.ts';
import { useBootstrap, type Bootstrap, type CurrentUser } from './bootstrap.ts';

/** Query keys of the session's records (the current user and their permissions). */
export const sessionKeys = {
  me: ['users', 'me'] as const,
  permissions: ['users', '$me', 'permissions'] as const,
};

export function fetchCurrentUser(): Promise<CurrentUser> {
  return api.get<CurrentUser>('/users/me');
}

export function fetchPermissions(): Promise<PermissionSet> {
  return api.get<PermissionSet>('/users/$me/permissions', { query: { expand: 'junctions' } });
}

/** Puts the bootstrap's records in the cache, so the first render fetches nothing. */
export function seedQueryClient(client: QueryClient, bootstrap: Bootstrap): void {
  client.setQueryData(sessionKeys.me, bootstrap.me);
  client.setQueryData(sessionKeys.permissions, bootstrap.permissions);
}

/** api-contract §1.2: every API call of a banned user answers 401 with this message. */
export const BANNED_MESSAGE = 'You are banned.';

/** Whether an error is the API's answer to a banned user. */
export function isBannedError(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401 && error.message === BANNED_MESSAGE;
}

/**
 * Marks the current user as banned in the cache (a call answered 401 "You are banned." while the
 * page was open), so the app shows why instead of failing call by call.
 */
export function markCurrentUserBanned(client: QueryClient): void {
  const me = client.getQueryData<CurrentUser>(sessionKeys.me);
  if (me !== undefined && me.userID !== 0 && me.banned !== 1) {
    client.setQueryData<CurrentUser>(sessionKeys.me, { ...me, banned: 1 });
  }
}

function useCurrentUserQuery(): CurrentUser {
  const bootstrap = useBootstrap();
  const query = useQuery({ queryKey: sessionKeys.me, queryFn: fetchCurrentUser });
  const user = query.data ?? bootstrap.me;
  return isBannedError(query.error) && user.banned !== 1 ? { ...user, banned: 1 } : user;
}

// On the server nothing is fetched and the cache holds exactly what seedQueryClient put there,
// so the session hooks read the bootstrap itself: a query observer per call (dozens per page,
// every comment asks for the permission set) was a tenth of a server render's allocations.
// Vite replaces `import.meta.env.SSR` at build time; each build uses one implementation.
const readsBootstrapOnly = import.meta.env.SSR;

function useCurrentUserFromBootstrap(): CurrentUser {
  return useBootstrap().me;
}

/** The current user (userID 0 = guest), from the cache seeded by the bootstrap. */
export const useCurrentUser: () => CurrentUser = readsBootstrapOnly
  ? useCurrentUserFromBootstrap
  : useCurrentUserQuery;

/** Whether the current user is banned (the app then shows "You are banned." instead of pages). */
export function useIsBanned(): boolean {
  const user = useCurrentUser();
  return user.userID !== 0 && (user.banned ?? 0) !== 0;
}

/** spec 000 §6: signed in means a userID other than the guest's. */
export function useIsSignedIn(): boolean {
  return useCurrentUser().userID !== 0;
}

function usePermissionSetQuery(): PermissionSet | null {
  const query = useQuery({ queryKey: sessionKeys.permissions, queryFn: fetchPermissions });
  return query.data ?? null;
}

function usePermissionSetFromBootstrap(): PermissionSet | null {
  return useBootstrap().permissions;
}

/** The current user's permission set, or null while it loads. */
export const usePermissionSet: () => PermissionSet | null = readsBootstrapOnly
  ? usePermissionSetFromBootstrap
  : usePermissionSetQuery;

/** Whether the current user holds any of `names` (spec 000 §6); false until the set loads. */
export function usePermission(
  names: PermissionName | readonly PermissionName[],
  options?: HasOptions,
): boolean {
  return has(usePermissionSet(), names, options);
}
