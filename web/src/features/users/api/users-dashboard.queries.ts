import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeleteMethod } from '../../../../../common/src/api/users.ts';
import { profileKeys } from './profiles.queries.ts';
import {
  deleteUser,
  fetchAssignableRoles,
  fetchDashboardUsers,
  patchUserRoles,
  type UsersDashboardFilters,
} from './users-dashboard.api.ts';

/**
 * Keys of the users dashboard. They sit under `profileKeys.all` so that a ban or unban (which
 * refreshes profiles) refreshes the table too.
 */
export const usersDashboardKeys = {
  all: [...profileKeys.all, 'dashboard'] as const,
  list: (filters: UsersDashboardFilters) => [...profileKeys.all, 'dashboard', 'list', filters] as const,
  roles: ['roles', 'assignable'] as const,
};

/** One page of the dashboard's users. */
export function useDashboardUsersQuery(filters: UsersDashboardFilters, enabled: boolean) {
  return useQuery({
    queryKey: usersDashboardKeys.list(filters),
    queryFn: () => fetchDashboardUsers(filters),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The roles for the filter and the role editor. */
export function useAssignableRolesQuery(enabled: boolean) {
  return useQuery({ queryKey: usersDashboardKeys.roles, queryFn: fetchAssignableRoles, enabled });
}

/** Saves a user's roles and refreshes the table and profiles. */
export function usePatchUserRolesMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userID, roleIDs }: { userID: number; roleIDs: readonly number[] }) =>
      patchUserRoles(userID, roleIDs),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.all }),
  });
}

/** Deletes a user and refreshes the table and profiles. */
export function useDeleteUserMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userID, deleteMethod }: { userID: number; deleteMethod: DeleteMethod }) =>
      deleteUser(userID, deleteMethod),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.all }),
  });
}
