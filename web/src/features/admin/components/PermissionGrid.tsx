import type { StoredPermissionName } from '../../../../../common/src/permissions/names.ts';
import { categoryPermissionGroups, type RoleGrants } from '../categories/category-permissions.ts';
import { t } from '../../../lib/i18n.ts';
import styles from './PermissionGrid.module.css';

export interface PermissionGridProps {
  /** The rows: roles (a category's grid) or categories (a role's grid). */
  rows: readonly { id: number; name: string }[];
  /** The heading of the rows' column; 'Role' unless given. */
  rowHeader?: string;
  /** The accessible name of the scrolling region; 'Permissions' unless given. */
  label?: string;
  /** Grants by row ID. */
  value: RoleGrants;
  onChange: (rowID: number, permission: StoredPermissionName, granted: boolean) => void;
  disabled?: boolean;
  /** Error messages per row (e.g. an unknown role refused by the server). */
  rowErrors?: Readonly<Record<number, readonly string[]>>;
}

/**
 * A grid of category permission checkboxes: roles × permissions for a category with custom
 * permissions, or categories × permissions in a role's editor.
 */
export function PermissionGrid({
  rows,
  rowHeader,
  label,
  value,
  onChange,
  disabled = false,
  rowErrors = {},
}: PermissionGridProps) {
  return (
    <div className={styles.scroller} role="region" aria-label={label ?? t('Permissions')}>
      <table className={styles.grid}>
        <thead>
          <tr>
            <th scope="col" rowSpan={2} className={styles.roleHeader}>
              {rowHeader ?? t('Role')}
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
          {rows.map((row) => {
            const errors = rowErrors[row.id] ?? [];
            return (
              <tr key={row.id}>
                <th scope="row" className={styles.roleName}>
                  {row.name}
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
                          role: row.name,
                          group: t(group.group),
                          permission: t(permission.label),
                        })}
                        checked={value[row.id]?.[permission.name] === true}
                        disabled={disabled}
                        onChange={(event) =>
                          onChange(row.id, permission.name, event.target.checked)
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
