import type { StoredPermissionName } from '../../../../../common/src/permissions/names.ts';
import { categoryPermissionGroups, type RoleGrants } from '../categories/category-permissions.ts';
import { t } from '../../../lib/i18n.ts';
import styles from './PermissionGrid.module.css';

export interface PermissionGridProps {
  roles: readonly { roleID: number; name: string }[];
  value: RoleGrants;
  onChange: (roleID: number, permission: StoredPermissionName, granted: boolean) => void;
  disabled?: boolean;
  /** Error messages per role (e.g. an unknown role refused by the server). */
  roleErrors?: Readonly<Record<number, readonly string[]>>;
}

/** A role × permission grid of checkboxes for a category with custom permissions. */
export function PermissionGrid({
  roles,
  value,
  onChange,
  disabled = false,
  roleErrors = {},
}: PermissionGridProps) {
  return (
    <div className={styles.scroller} role="region" aria-label={t('Permissions')}>
      <table className={styles.grid}>
        <thead>
          <tr>
            <th scope="col" rowSpan={2} className={styles.roleHeader}>
              {t('Role')}
            </th>
            {categoryPermissionGroups.map((group) => (
              <th
                key={group.group}
                scope="colgroup"
                colSpan={group.permissions.length}
                className={styles.groupHeader}
              >
                {t(group.group)}
              </th>
            ))}
          </tr>
          <tr>
            {categoryPermissionGroups.flatMap((group) =>
              group.permissions.map((permission, index) => (
                <th
                  key={permission.name}
                  scope="col"
                  className={
                    index === 0
                      ? `${styles.actionHeader} ${styles.groupStart}`
                      : styles.actionHeader
                  }
                  title={permission.name}
                >
                  {t(permission.label)}
                </th>
              )),
            )}
          </tr>
        </thead>
        <tbody>
          {roles.map((role) => {
            const errors = roleErrors[role.roleID] ?? [];
            return (
              <tr key={role.roleID}>
                <th scope="row" className={styles.roleName}>
                  {role.name}
                  {errors.length > 0 ? (
                    <span className={styles.roleError} role="alert">
                      {errors.join(' ')}
                    </span>
                  ) : null}
                </th>
                {categoryPermissionGroups.flatMap((group) =>
                  group.permissions.map((permission, index) => (
                    <td
                      key={permission.name}
                      className={index === 0 ? `${styles.cell} ${styles.groupStart}` : styles.cell}
                    >
                      <input
                        type="checkbox"
                        className={styles.checkbox}
                        aria-label={t('{role}: {group} {permission}', {
                          role: role.name,
                          group: t(group.group),
                          permission: t(permission.label),
                        })}
                        checked={value[role.roleID]?.[permission.name] === true}
                        disabled={disabled}
                        onChange={(event) =>
                          onChange(role.roleID, permission.name, event.target.checked)
                        }
                      />
                    </td>
                  )),
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
