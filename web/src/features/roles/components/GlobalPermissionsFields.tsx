import { useId } from 'react';
import { t } from '../../../lib/i18n.ts';
import adminStyles from '../../admin/components/AdminForm.module.css';
import { globalPermissionGroups, type Grants } from '../role-permissions.ts';
import styles from './RoleForm.module.css';

export interface GlobalPermissionsFieldsProps {
  value: Grants;
  disabled?: boolean;
  onChange: (permission: string, granted: boolean) => void;
}

/** The role editor's global permissions: one group of checkboxes per area (Garden, Vanilla…). */
export function GlobalPermissionsFields({
  value,
  disabled = false,
  onChange,
}: GlobalPermissionsFieldsProps) {
  const id = useId();
  return (
    <section className={adminStyles.section} aria-labelledby={`${id}-global`}>
      <h2 id={`${id}-global`} className={adminStyles.sectionTitle}>
        {t('Global permissions')}
      </h2>
      <div className={`${adminStyles.sectionBody} ${styles.groups}`}>
        {globalPermissionGroups.map((group) => (
          <fieldset key={group.group} className={styles.group}>
            <legend className={styles.groupTitle}>{t(group.group)}</legend>
            <ul className={styles.permissionList}>
              {group.permissions.map((permission) => (
                <li key={permission.name}>
                  <label className={styles.permission}>
                    <input
                      type="checkbox"
                      className={adminStyles.checkbox}
                      name={permission.name}
                      checked={value[permission.name] === true}
                      disabled={disabled}
                      onChange={(event) => onChange(permission.name, event.target.checked)}
                    />
                    <span>
                      {t(permission.label)}
                      <code className={styles.permissionName}>{permission.name}</code>
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        ))}
      </div>
    </section>
  );
}
