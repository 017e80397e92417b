import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { Role } from '../../../../../common/src/api/roles.ts';
import { ErrorMessage, PermissionErrorPage } from '../../../app/errors/ErrorPage.tsx';
import { usePageMeta } from '../../../app/page-meta.tsx';
import {
  dashboardRoleAddPath,
  dashboardRoleEditPath,
  dashboardUsersPath,
} from '../../../app/paths.ts';
import { Button, buttonClassName } from '../../../components/Button.tsx';
import { Loader } from '../../../components/Loader.tsx';
import { t } from '../../../lib/i18n.ts';
import { usePermission } from '../../../lib/session.ts';
import { DashboardLayout } from '../../admin/components/DashboardLayout.tsx';
import { useRoleMemberCounts, useRolesListQuery } from '../api/roles.queries.ts';
import { roleTypeLabels } from '../role-permissions.ts';
import { DefaultRolesSection } from './DefaultRolesSection.tsx';
import { DeleteRoleDialog } from './DeleteRoleDialog.tsx';
import styles from './RolesPage.module.css';

/**
 * `/dashboard/roles` (`site.manage`, api-contract §16; Vanilla's `/dashboard/role`): every role
 * with its description, type and member count, links to add, edit and delete roles, and the
 * default roles of new members and guests.
 */
export function RolesPage() {
  const canManage = usePermission('site.manage');
  const roles = useRolesListQuery(canManage);
  usePageMeta({ title: t('Roles') });
  if (!canManage) {
    return <PermissionErrorPage />;
  }
  return (
    <DashboardLayout
      title={t('Roles')}
      actions={
        <Link to={dashboardRoleAddPath()} className={buttonClassName('primary')}>
          {t('New Role')}
        </Link>
      }
    >
      {roles.isError ? (
        <ErrorMessage
          headingLevel={2}
          title={t('There was an error')}
          description={<p>{roles.error.message}</p>}
        />
      ) : roles.data === undefined ? (
        <Loader />
      ) : (
        <>
          <RoleTable roles={roles.data} />
          <DefaultRolesSection roles={roles.data} />
        </>
      )}
    </DashboardLayout>
  );
}

function RoleTable({ roles }: { roles: readonly Role[] }) {
  const captionID = useId();
  const counts = useRoleMemberCounts(roles.map((role) => role.roleID));
  const [deleting, setDeleting] = useState<Role | null>(null);
  return (
    <>
      {/* Below 600 px each row is a card (RolesPage.module.css); a wider table than the screen
          scrolls inside its own labelled region, not the page; the region takes focus so that
          keyboard users can scroll it (WCAG 2.1.1). */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <div className={styles.scroll} role="region" aria-labelledby={captionID} tabIndex={0}>
        <table className={styles.table}>
          <caption id={captionID} className={styles.caption}>
            {t('Roles')}
          </caption>
          <thead>
            <tr>
              <th scope="col">{t('Role')}</th>
              <th scope="col">{t('Type')}</th>
              <th scope="col">{t('Members')}</th>
              <th scope="col">
                <span className={styles.caption}>{t('Actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {roles.map((role) => {
              const count = counts.get(role.roleID);
              return (
                <tr key={role.roleID}>
                  <th scope="row" className={styles.nameCell}>
                    <Link to={dashboardRoleEditPath(role.roleID)} className={styles.name}>
                      {role.name}
                    </Link>
                    {role.description === null || role.description === '' ? null : (
                      <p className={styles.description}>{role.description}</p>
                    )}
                  </th>
                  <td data-label={t('Type')}>
                    {role.type === null ? '—' : t(roleTypeLabels[role.type])}
                  </td>
                  <td data-label={t('Members')}>
                    {count === undefined ? (
                      '…'
                    ) : (
                      <Link to={dashboardUsersPath({ roleID: role.roleID })}>
                        {t('{count} users', { count })}
                      </Link>
                    )}
                  </td>
                  <td>
                    <div className={styles.actions}>
                      <Link
                        to={dashboardRoleEditPath(role.roleID)}
                        className={`${buttonClassName('standard')} ${styles.compact}`}
                        aria-label={t('Edit {name}', { name: role.name })}
                      >
                        {t('Edit')}
                      </Link>
                      {role.deletable ? (
                        <Button
                          className={styles.compact}
                          aria-label={t('Delete {name}', { name: role.name })}
                          onClick={() => setDeleting(role)}
                        >
                          {t('Delete')}
                        </Button>
                      ) : null}
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {deleting === null ? null : (
        <DeleteRoleDialog
          role={deleting}
          onClose={() => setDeleting(null)}
          onDeleted={() => setDeleting(null)}
        />
      )}
    </>
  );
}
