import { useState, type CSSProperties } from 'react';
import { Link } from 'react-router';
import type { CategoryTreeNode } from '../../../../../common/src/api/categories.ts';
import { ErrorMessage, PermissionErrorPage } from '../../../app/errors/ErrorPage.tsx';
import { usePageMeta } from '../../../app/page-meta.tsx';
import {
  categoryPath,
  dashboardCategoryAddPath,
  dashboardCategoryEditPath,
} from '../../../app/paths.ts';
import { Button, buttonClassName } from '../../../components/Button.tsx';
import { FormMessage } from '../../../components/form/FormMessage.tsx';
import { Loader } from '../../../components/Loader.tsx';
import { useToasts } from '../../../components/toast-context.tsx';
import { t } from '../../../lib/i18n.ts';
import { usePermission } from '../../../lib/session.ts';
import { useCategoryMutations, useCategoryTreeQuery } from '../api/admin.queries.ts';
import {
  flattenCategoryTree,
  reorderChanges,
  type CategoryRow,
} from '../categories/category-tree.ts';
import { displayAsLabels } from '../categories/category-form.ts';
import { DashboardLayout } from './DashboardLayout.tsx';
import { DeleteCategoryDialog } from './DeleteCategoryDialog.tsx';
import styles from './CategoriesPage.module.css';
import { MoveButtons } from '../../../components/MoveButtons.tsx';

/**
 * `/dashboard/categories` (`site.manage` or `community.manage`): the category tree with its
 * order, and links to create, edit and delete categories. Changing categories needs `site.manage`
 * (api-contract §7); others see the tree only.
 */
export function CategoriesPage() {
  const canView = usePermission(['site.manage', 'community.manage']);
  const canEdit = usePermission('site.manage');
  const tree = useCategoryTreeQuery();
  usePageMeta({ title: t('Categories') });
  if (!canView) {
    return <PermissionErrorPage />;
  }
  return (
    <DashboardLayout
      title={t('Categories')}
      actions={
        canEdit ? (
          <Link to={dashboardCategoryAddPath()} className={buttonClassName('primary')}>
            {t('New Category')}
          </Link>
        ) : undefined
      }
    >
      {tree.isError ? (
        <ErrorMessage
          headingLevel={2}
          title={t('There was an error')}
          description={<p>{tree.error.message}</p>}
        />
      ) : tree.data === undefined ? (
        <Loader />
      ) : (
        <CategoryTreeList tree={tree.data} canEdit={canEdit} />
      )}
    </DashboardLayout>
  );
}

interface CategoryTreeListProps {
  tree: readonly CategoryTreeNode[];
  canEdit: boolean;
}

function CategoryTreeList({ tree, canEdit }: CategoryTreeListProps) {
  const rows = flattenCategoryTree(tree);
  const { reorder } = useCategoryMutations();
  const { addToast } = useToasts();
  const [deleting, setDeleting] = useState<CategoryTreeNode | null>(null);
  const [reorderError, setReorderError] = useState<string | null>(null);

  const handleMove = (row: CategoryRow, direction: -1 | 1) => {
    setReorderError(null);
    reorder.mutate(reorderChanges(rows, row.category.categoryID, direction), {
      onError: (error) => setReorderError(error.message),
    });
  };

  if (rows.length === 0) {
    return <p className={styles.empty}>{t('There are no categories yet.')}</p>;
  }
  return (
    <>
      {canEdit ? null : (
        <FormMessage type="info">
          {t('You need the site.manage permission to change categories.')}
        </FormMessage>
      )}
      {reorderError === null ? null : <FormMessage>{reorderError}</FormMessage>}
      <ul className={styles.list} aria-label={t('Categories')} aria-busy={reorder.isPending}>
        {rows.map((row) => {
          const { category } = row;
          const isFirst = row.index === 0;
          const isLast = row.index === row.siblingIDs.length - 1;
          return (
            <li
              key={category.categoryID}
              className={styles.item}
              style={{ '--level': row.level } as CSSProperties}
            >
              <div className={styles.main}>
                <div className={styles.nameLine}>
                  {canEdit ? (
                    <Link
                      to={dashboardCategoryEditPath(category.categoryID)}
                      className={styles.name}
                    >
                      {category.name}
                    </Link>
                  ) : (
                    <span className={styles.name}>{category.name}</span>
                  )}
                  {category.customPermissions ? (
                    <span className={styles.badge}>{t('Custom permissions')}</span>
                  ) : null}
                  {category.isArchived ? (
                    <span className={`${styles.badge} ${styles.muted}`}>{t('Archived')}</span>
                  ) : null}
                </div>
                <p className={styles.meta}>
                  <Link
                    to={categoryPath({ urlcode: category.urlcode })}
                    className={styles.metaLink}
                  >
                    /{category.urlcode}
                  </Link>
                  <span aria-hidden="true">·</span>
                  <span>{t(displayAsLabels[category.displayAs])}</span>
                  <span aria-hidden="true">·</span>
                  <span>{t('{count} discussions', { count: category.countAllDiscussions })}</span>
                </p>
              </div>
              {canEdit ? (
                <div className={styles.actions}>
                  <MoveButtons
                    name={category.name}
                    isFirst={isFirst}
                    isLast={isLast}
                    disabled={reorder.isPending}
                    onMove={(direction) => handleMove(row, direction)}
                  />
                  <Link
                    to={dashboardCategoryEditPath(category.categoryID)}
                    className={`${buttonClassName('standard')} ${styles.compact}`}
                    aria-label={t('Edit {name}', { name: category.name })}
                  >
                    {t('Edit')}
                  </Link>
                  <Button
                    className={styles.compact}
                    aria-label={t('Delete {name}', { name: category.name })}
                    onClick={() => setDeleting(category)}
                  >
                    {t('Delete')}
                  </Button>
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
      {deleting === null ? null : (
        <DeleteCategoryDialog
          category={deleting}
          rows={rows}
          onClose={() => setDeleting(null)}
          onDeleted={() => {
            addToast({
              body: t('The category {name} has been deleted.', { name: deleting.name }),
              autoDismiss: true,
            });
            setDeleting(null);
          }}
        />
      )}
    </>
  );
}
