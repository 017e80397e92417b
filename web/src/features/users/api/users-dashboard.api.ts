import type { RoleSummary } from '../../../../../common/src/api/roles.ts';
import type { DeleteMethod, User } from '../../../../../common/src/api/users.ts';
import { apiRequest, api, type Paging } from '../../../lib/api.ts';

/** The filters of the users dashboard (api-contract §3 `GET /users`). */
export interface UsersDashboardFilters {
  page: number;
  /** A name or e-mail (e-mails only match for `personalInfo.view` holders). */
  query?: string;
  roleID?: number;
  isBanned?: boolean;
  /** Joined on or after this day (`YYYY-MM-DD`, UTC). */
  joinedFrom?: string;
  /** Joined on or before this day (`YYYY-MM-DD`, UTC). */
  joinedTo?: string;
}

/** The `dateInserted` date filter (api-contract §1.5) of a joined-between choice; days are inclusive. */
export function joinedDateFilter(from: string | undefined, to: string | undefined): string | undefined {
  if (from !== undefined && to !== undefined) return `[${from},${to}]`;
  if (from !== undefined) return `>=${from}`;
  if (to !== undefined) return `<=${to}`;
  return undefined;
}

export const USERS_DASHBOARD_LIMIT = 30;

/** `GET /users` with the dashboard's filters; answers the page and its paging headers. */
export async function fetchDashboardUsers(
  filters: UsersDashboardFilters,
): Promise<{ users: User[]; paging: Paging }> {
  const response = await apiRequest<User[]>('/users', {
    method: 'GET',
    query: {
      page: filters.page,
      limit: USERS_DASHBOARD_LIMIT,
      sort: '-dateInserted',
      query: filters.query,
      // `roleIDs`, not `roleID`: the contract allows only one of `roleID` and `dateInserted`.
      roleIDs: filters.roleID === undefined ? undefined : [filters.roleID],
      dateInserted: joinedDateFilter(filters.joinedFrom, filters.joinedTo),
      isBanned: filters.isBanned,
    },
  });
  return { users: response.data, paging: response.paging };
}

/** `GET /roles?expand=assignable` (api-contract §16): the roles an editor may give. */
export function fetchAssignableRoles(): Promise<RoleSummary[]> {
  return api.get<RoleSummary[]>('/roles', { query: { expand: 'assignable', limit: 500 } });
}

/** `PATCH /users/{id}` with `roleID` (api-contract §3): replaces the user's roles. */
export function patchUserRoles(userID: number, roleIDs: readonly number[]): Promise<User> {
  return api.patch<User>(`/users/${userID}`, { roleID: roleIDs });
}

/** `DELETE /users/{id}` (api-contract §3) with what becomes of their content. */
export async function deleteUser(userID: number, deleteMethod: DeleteMethod): Promise<void> {
  await api.delete<unknown>(`/users/${userID}`, { deleteMethod });
}
