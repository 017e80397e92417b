import { useParams, useSearchParams } from 'react-router';
import { ErrorMessage, NotFoundPage, PermissionErrorPage } from '../../../app/errors/ErrorPage.tsx';
import { usePageMeta } from '../../../app/page-meta.tsx';
import { Loader } from '../../../components/Loader.tsx';
import { ApiError } from '../../../lib/api.ts';
import { t } from '../../../lib/i18n.ts';
import { usePermission } from '../../../lib/session.ts';
import { useCategoryEditQuery, useCategoryTreeQuery, useRolesQuery } from '../api/admin.queries.ts';
import { categoryFormFromEdit, emptyCategoryForm } from '../categories/category-form.ts';
import { CategoryForm } from './CategoryForm.tsx';
import { DashboardLayout } from './DashboardLayout.tsx';

function parseID(value: string | undefined): number | null {
  if (value === undefined || !/^\d+$/.test(value)) return null;
  return Number(value);
}
/**
 * `/dashboard/categories/add` and `/dashboard/categories/{id}/edit` (`site.manage`): a category's
 * fields and, with custom permissions, its role × permission grid.
 */
export function CategoryFormPage() {
  const params = useParams();
  const [searchParams] = useSearchParams();
  const canEdit = usePermission('site.manage');
  const isNew = params.categoryID === undefined;
  const categoryID = isNew ? null : parseID(params.categoryID);
  const tree = useCategoryTreeQuery();
  const edit = useCategoryEditQuery(categoryID, canEdit);
  const roles = useRolesQuery(canEdit);
  const title = isNew ? t('New Category') : t('Edit Category');
  usePageMeta({ title });

  if (!canEdit) {
    return <PermissionErrorPage />;
  }
  if (
    !isNew &&
    (categoryID === null || (edit.error instanceof ApiError && edit.error.status === 404))
  ) {
    return <NotFoundPage type="Category" />;
  }
  const failed = tree.error ?? edit.error ?? roles.error;
  const isLoading =
    tree.data === undefined || roles.data === undefined || (!isNew && edit.data === undefined);
  return (
    <DashboardLayout title={title}>
      {failed !== null ? (
        <ErrorMessage
          headingLevel={2}
          title={t('There was an error')}
          description={<p>{failed.message}</p>}
        />
      ) : isLoading ? (
        <Loader />
      ) : (
        <CategoryForm
          key={categoryID ?? 'new'}
          categoryID={categoryID}
          tree={tree.data ?? []}
          roles={roles.data ?? []}
          initial={
            edit.data === undefined
              ? emptyCategoryForm(parseID(searchParams.get('parentID') ?? undefined))
              : categoryFormFromEdit(edit.data)
          }
        />
      )}
    </DashboardLayout>
  );
}
