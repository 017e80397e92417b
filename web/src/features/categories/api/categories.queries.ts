import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type {
  CategoryPreferences,
  CategoryPreferencesPatch,
} from '../../../../../common/src/api/categories.ts';
import { setCategoryFollowed } from '../../users/api/profiles.api.ts';
import { profileKeys } from '../../users/api/profiles.queries.ts';
import { fetchCategoryPreferences, patchCategoryPreferences } from './categories.api.ts';

/** Query keys of categories; every key starts with 'categories'. */
export const categoryKeys = {
  all: ['categories'] as const,
  preferences: (categoryID: number) => ['categories', categoryID, 'preferences', '$me'] as const,
};

/** The signed-in member's preferences for one category (api-contract §7). */
export function useCategoryPreferencesQuery(categoryID: number, enabled: boolean) {
  return useQuery({
    queryKey: categoryKeys.preferences(categoryID),
    queryFn: () => fetchCategoryPreferences(categoryID),
    enabled,
  });
}

/**
 * Saves category preferences. `applyOptimistic` shows a change before it is sent; the answer
 * (the full saved object) replaces the cache; the caller rolls back on failure (`restore`).
 */
export function usePatchCategoryPreferencesMutation(categoryID: number, userID: number) {
  const client = useQueryClient();
  const key = categoryKeys.preferences(categoryID);
  const mutation = useMutation({
    mutationFn: (patch: CategoryPreferencesPatch) => patchCategoryPreferences(categoryID, patch),
    onSuccess: (saved) => client.setQueryData(key, saved),
    onSettled: () => client.invalidateQueries({ queryKey: profileKeys.followedCategories(userID) }),
  });
  const applyOptimistic = useCallback(
    (patch: CategoryPreferencesPatch) =>
      client.setQueryData<CategoryPreferences>(
        categoryKeys.preferences(categoryID),
        (current) => (current === undefined ? current : { ...current, ...patch }),
      ),
    [client, categoryID],
  );
  const restore = useCallback(
    (saved: CategoryPreferences | undefined) => {
      if (saved !== undefined) client.setQueryData(categoryKeys.preferences(categoryID), saved);
    },
    [client, categoryID],
  );
  return { ...mutation, applyOptimistic, restore };
}

/**
 * Follows a category (spec 000 §4): the server applies the configured default preferences
 * (`PUT /categories/{id}/follow`), then the saved preferences are read back.
 */
export function useFollowCategoryMutation(categoryID: number, userID: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await setCategoryFollowed(categoryID, true);
      return fetchCategoryPreferences(categoryID);
    },
    onSuccess: (saved) => client.setQueryData(categoryKeys.preferences(categoryID), saved),
    onSettled: () => client.invalidateQueries({ queryKey: profileKeys.followedCategories(userID) }),
  });
}
