import type {
  Category,
  CategoryEdit,
  CategoryTreeNode,
  CreateCategoryBody,
  PatchCategoryBody,
} from '../../../../../common/src/api/categories.ts';
import type { ConfigPatchBody, ConfigValues } from '../../../../../common/src/api/config.ts';
import type { Role } from '../../../../../common/src/api/roles.ts';
import { ApiError, api } from '../../../lib/api.ts';

/** `GET /config?select=…` (api-contract §14): the readable values of the given keys. */
export function fetchConfig(keys: readonly string[]): Promise<ConfigValues> {
  return api.get<ConfigValues>('/config', { query: { select: keys } });
}

/** `PATCH /config`: sets the given keys (200, empty body); field errors are keyed by setting. */
export async function patchConfig(body: ConfigPatchBody): Promise<void> {
  await api.patch<unknown>('/config', body);
}

/**
 * `GET /categories` as a tree of every level (`maxDepth` at its ceiling), archived categories
 * included: the admin screen shows the whole tree.
 */
export function fetchCategoryTree(): Promise<CategoryTreeNode[]> {
  return api.get<CategoryTreeNode[]>('/categories', {
    query: { outputFormat: 'tree', maxDepth: 100 },
  });
}

/** `GET /categories/{id}/edit` (`site.manage`): the editable fields and custom permissions. */
export function fetchCategoryEdit(categoryID: number): Promise<CategoryEdit> {
  return api.get<CategoryEdit>(`/categories/${categoryID}/edit`);
}

/** `POST /categories` (`site.manage`). */
export function createCategory(body: CreateCategoryBody): Promise<Category> {
  return api.post<Category>('/categories', body);
}

/** `PATCH /categories/{id}` (`site.manage`). */
export function patchCategory(categoryID: number, body: PatchCategoryBody): Promise<Category> {
  return api.patch<Category>(`/categories/${categoryID}`, body);
}

/** `DELETE /categories/{id}`: the content moves to `newCategoryID` when given, else is deleted. */
export async function deleteCategory(
  categoryID: number,
  options: { newCategoryID?: number | undefined },
): Promise<void> {
  await api.delete<unknown>(`/categories/${categoryID}`, undefined, {
    query: { newCategoryID: options.newCategoryID },
  });
}

/**
 * `GET /roles?expand=permissions` (full roles for `site.manage`; spec 001 §9: limit 500). When a
 * role has too many permission rows to expand (416, api-contract §16) the roles come without
 * them: a new custom grid then starts unchecked instead of from each role's defaults.
 */
export async function fetchRolesWithPermissions(): Promise<Role[]> {
  try {
    return await api.get<Role[]>('/roles', { query: { expand: 'permissions', limit: 500 } });
  } catch (error) {
    if (error instanceof ApiError && error.status === 416) {
      return api.get<Role[]>('/roles', { query: { limit: 500 } });
    }
    throw error;
  }
}
