import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateRoleBody, PatchRoleBody } from '../../../../../common/src/api/roles.ts';
import {
  createRole,
  deleteRole,
  fetchRole,
  fetchRoleMemberCount,
  fetchRoles,
  patchRole,
} from './roles.api.ts';

/**
 * Query keys of the roles screens. Every roles key starts with `roles`, like the admin and users
 * dashboard keys, so one invalidation after a write refreshes them all.
 */
export const rolesKeys = {
  all: ['roles'] as const,
  list: ['roles', 'list'] as const,
  role: (roleID: number) => ['roles', 'role', roleID] as const,
  memberCount: (roleID: number) => ['roles', 'members', roleID] as const,
};

/** Every role, without permissions (the roles dashboard's list). */
export function useRolesListQuery(enabled = true) {
  return useQuery({ queryKey: rolesKeys.list, queryFn: fetchRoles, enabled });
}

/** One role with its permission entries (none for a new role). */
export function useRoleQuery(roleID: number | null, enabled = true) {
  return useQuery({
    queryKey: rolesKeys.role(roleID ?? 0),
    queryFn: () => fetchRole(roleID ?? 0),
    enabled: enabled && roleID !== null,
  });
}

/** The member count of each role, by role ID (absent while loading or after a failure). */
export function useRoleMemberCounts(roleIDs: readonly number[]): ReadonlyMap<number, number> {
  const results = useQueries({
    queries: roleIDs.map((roleID) => ({
      queryKey: rolesKeys.memberCount(roleID),
      queryFn: () => fetchRoleMemberCount(roleID),
    })),
  });
  const counts = new Map<number, number>();
  results.forEach((result, index) => {
    const roleID = roleIDs[index];
    if (roleID !== undefined && result.data !== undefined) counts.set(roleID, result.data);
  });
  return counts;
}

/** Creating, changing or deleting a role refreshes every roles query (and the users' roles). */
export function useRoleMutations() {
  const queryClient = useQueryClient();
  const refresh = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: rolesKeys.all }),
      // The session's own permission set and the users dashboard show roles too.
      queryClient.invalidateQueries({ queryKey: ['users'] }),
      queryClient.invalidateQueries({ queryKey: ['profiles'] }),
    ]);
  };
  const create = useMutation({
    mutationFn: (body: CreateRoleBody) => createRole(body),
    onSuccess: refresh,
  });
  const patch = useMutation({
    mutationFn: ({ roleID, body }: { roleID: number; body: PatchRoleBody }) =>
      patchRole(roleID, body),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (roleID: number) => deleteRole(roleID),
    onSuccess: refresh,
  });
  return { create, patch, remove };
}
