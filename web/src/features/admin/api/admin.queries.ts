import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateCategoryBody,
  PatchCategoryBody,
} from '../../../../../common/src/api/categories.ts';
import type { ConfigPatchBody, ConfigValues } from '../../../../../common/src/api/config.ts';
import {
  createCategory,
  deleteCategory,
  fetchCategoryEdit,
  fetchCategoryTree,
  fetchConfig,
  fetchRolesWithPermissions,
  patchCategory,
  patchConfig,
} from './admin.api.ts';

/** Query keys of the admin screens. */
export const adminKeys = {
  config: (keys: readonly string[]) => ['config', [...keys].sort().join(',')] as const,
  configAll: ['config'] as const,
  categories: ['categories'] as const,
  categoryTree: ['categories', 'admin-tree'] as const,
  categoryEdit: (categoryID: number) => ['categories', 'edit', categoryID] as const,
  roles: ['roles', 'permissions'] as const,
};

/** The current values of the settings the form shows. */
export function useConfigQuery(keys: readonly string[], enabled = true) {
  return useQuery({
    queryKey: adminKeys.config(keys),
    queryFn: () => fetchConfig(keys),
    enabled,
  });
}

/** Saves changed settings; the cached values take the saved ones at once. */
export function usePatchConfigMutation(keys: readonly string[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ConfigPatchBody) => patchConfig(body),
    onSuccess: (_data, body) => {
      queryClient.setQueryData<ConfigValues>(adminKeys.config(keys), (current) =>
        current === undefined ? current : { ...current, ...body },
      );
      void queryClient.invalidateQueries({ queryKey: adminKeys.configAll });
    },
  });
}

/** The whole category tree. */
export function useCategoryTreeQuery() {
  return useQuery({ queryKey: adminKeys.categoryTree, queryFn: fetchCategoryTree });
}

/** A category's edit fields (none for a new category). */
export function useCategoryEditQuery(categoryID: number | null, enabled = true) {
  return useQuery({
    queryKey: adminKeys.categoryEdit(categoryID ?? 0),
    queryFn: () => fetchCategoryEdit(categoryID ?? 0),
    enabled: enabled && categoryID !== null,
  });
}

/** Every role with its permission rows (the defaults a custom permission grid starts from). */
export function useRolesQuery(enabled = true) {
  return useQuery({ queryKey: adminKeys.roles, queryFn: fetchRolesWithPermissions, enabled });
}

/** Creating, changing, moving or deleting a category refreshes every category query. */
export function useCategoryMutations() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminKeys.categories });
  const create = useMutation({
    mutationFn: (body: CreateCategoryBody) => createCategory(body),
    onSuccess: refresh,
  });
  const patch = useMutation({
    mutationFn: ({ categoryID, body }: { categoryID: number; body: PatchCategoryBody }) =>
      patchCategory(categoryID, body),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: ({ categoryID, newCategoryID }: { categoryID: number; newCategoryID?: number }) =>
      deleteCategory(categoryID, { newCategoryID }),
    // The deleted category's own edit query would only answer 404 now.
    onSuccess: (_data, { categoryID }) =>
      queryClient.invalidateQueries({
        queryKey: adminKeys.categories,
        predicate: (query) => query.queryKey[1] !== 'edit' || query.queryKey[2] !== categoryID,
      }),
  });
  const reorder = useMutation({
    mutationFn: async (changes: readonly { categoryID: number; sort: number }[]) => {
      // One at a time: each PATCH rewrites the moved subtree's paths.
      for (const change of changes) await patchCategory(change.categoryID, { sort: change.sort });
    },
    onSettled: refresh,
  });
  return { create, patch, remove, reorder };
}
