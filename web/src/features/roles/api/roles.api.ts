import type { CreateRoleBody, PatchRoleBody, Role } from '../../../../../common/src/api/roles.ts';
import { api, apiRequest } from '../../../lib/api.ts';

/**
 * `GET /roles` without expansions: full roles for `site.manage` holders (api-contract §16). The
 * list leaves permissions out: expanding them answers 416 once a role has rows for over 100
 * categories.
 */
export function fetchRoles(): Promise<Role[]> {
  return api.get<Role[]>('/roles');
}

/** `GET /roles/{id}?expand=permissions` (`site.manage`, api-contract §16). */
export function fetchRole(roleID: number): Promise<Role> {
  return api.get<Role>(`/roles/${roleID}`, { query: { expand: 'permissions' } });
}

/** `POST /roles` (`site.manage`): the new role with its permissions. */
export function createRole(body: CreateRoleBody): Promise<Role> {
  return api.post<Role>('/roles', body);
}

/** `PATCH /roles/{id}` (`site.manage`): the given fields; permission entries are merged. */
export function patchRole(roleID: number, body: PatchRoleBody): Promise<Role> {
  return api.patch<Role>(`/roles/${roleID}`, body);
}

/** `DELETE /roles/{id}` (`site.manage`): its members lose the role. */
export async function deleteRole(roleID: number): Promise<void> {
  await api.delete<unknown>(`/roles/${roleID}`);
}

/**
 * How many members hold a role: `GET /users?roleIDs[]=` with one row, read from the pager's
 * result count (api-contract §1.9; roles carry no count of their own).
 */
export async function fetchRoleMemberCount(roleID: number): Promise<number> {
  const response = await apiRequest<unknown[]>('/users', {
    method: 'GET',
    query: { roleIDs: [roleID], limit: 1 },
  });
  return response.paging.total ?? response.data.length;
}
