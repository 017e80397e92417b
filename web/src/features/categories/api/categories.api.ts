import type {
  CategoryPreferences,
  CategoryPreferencesPatch,
} from '../../../../../common/src/api/categories.ts';
import { api } from '../../../lib/api.ts';

/** `GET /categories/{id}/preferences/$me` (api-contract §7): missing keys are false. */
export function fetchCategoryPreferences(categoryID: number): Promise<CategoryPreferences> {
  return api.get<CategoryPreferences>(`/categories/${categoryID}/preferences/$me`);
}

/** `PATCH /categories/{id}/preferences/$me`: answers the full saved preferences. */
export function patchCategoryPreferences(
  categoryID: number,
  patch: CategoryPreferencesPatch,
): Promise<CategoryPreferences> {
  return api.patch<CategoryPreferences>(`/categories/${categoryID}/preferences/$me`, patch);
}
