import { useParams } from 'react-router';
import { ErrorMessage, NotFoundPage, PermissionErrorPage } from '../../../app/errors/ErrorPage.tsx';
import { usePageMeta } from '../../../app/page-meta.tsx';
import { Loader } from '../../../components/Loader.tsx';
import { ApiError } from '../../../lib/api.ts';
import { t } from '../../../lib/i18n.ts';
import { usePermission } from '../../../lib/session.ts';
import { useCategoryTreeQuery } from '../../admin/api/admin.queries.ts';
import { flattenCategoryTree } from '../../admin/categories/category-tree.ts';
import { DashboardLayout } from '../../admin/components/DashboardLayout.tsx';
import { useRoleQuery } from '../api/roles.queries.ts';
import { emptyRoleForm, roleFormFromRole } from '../role-permissions.ts';
import { RoleForm } from './RoleForm.tsx';

function parseID(value: string | undefined): number | null {
  if (value === undefined || !/^\d+$/.test(value)) return null;
  return Number(value);
}

/**
 * `/dashboard/roles/add` and `/dashboard/roles/{id}/edit` (`site.manage`, api-contract §16): a
 * role's fields, its global permissions and its category permissions.
 */
export function RoleFormPage() {
  const params = useParams();
  const canEdit = usePermission('site.manage');
  const isNew = params.roleID === undefined;
  const roleID = isNew ? null : parseID(params.roleID);
  const role = useRoleQuery(roleID, canEdit);
  const tree = useCategoryTreeQuery();
  const title = isNew ? t('New Role') : t('Edit Role');
  usePageMeta({ title });

  if (!canEdit) {
    return <PermissionErrorPage />;
  }
  if (
    !isNew &&
    (roleID === null || (role.error instanceof ApiError && role.error.status === 404))
  ) {
    return <NotFoundPage type="Role" />;
  }
  const failed = tree.error ?? role.error;
  const isLoading = tree.data === undefined || (!isNew && role.data === undefined);
  const categories = flattenCategoryTree(tree.data ?? []).map((row) => row.category);
  const categoryNames = new Map(categories.map((category) => [category.categoryID, category.name]));
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
        <RoleForm
          key={roleID ?? 'new'}
          role={role.data ?? null}
          categoryNames={categoryNames}
          initial={
            role.data === undefined
              ? emptyRoleForm(
                  categories
                    .filter((category) => category.customPermissions)
                    .map((category) => category.categoryID),
                )
              : roleFormFromRole(role.data)
          }
        />
      )}
    </DashboardLayout>
  );
}
