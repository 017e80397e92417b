import { lazy, Suspense } from 'react';
import { Loader } from '../../components/Loader.tsx';

// The admin screens load on demand: members never download them (nor the settings registry).
const LazySettingsPage = lazy(async () => ({
  default: (await import('./components/SettingsPage.tsx')).SettingsPage,
}));
const LazyCategoriesPage = lazy(async () => ({
  default: (await import('./components/CategoriesPage.tsx')).CategoriesPage,
}));
const LazyCategoryFormPage = lazy(async () => ({
  default: (await import('./components/CategoryFormPage.tsx')).CategoryFormPage,
}));

/** `/dashboard/settings`. */
export function DashboardSettingsRoute() {
  return (
    <Suspense fallback={<Loader />}>
      <LazySettingsPage />
    </Suspense>
  );
}

/** `/dashboard/categories`. */
export function DashboardCategoriesRoute() {
  return (
    <Suspense fallback={<Loader />}>
      <LazyCategoriesPage />
    </Suspense>
  );
}

/** `/dashboard/categories/add` and `/dashboard/categories/{id}/edit`. */
export function DashboardCategoryFormRoute() {
  return (
    <Suspense fallback={<Loader />}>
      <LazyCategoryFormPage />
    </Suspense>
  );
}
