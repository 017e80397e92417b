import { useId, useState } from 'react';
import type { Role } from '../../../../../common/src/api/roles.ts';
import { Button } from '../../../components/Button.tsx';
import { FormMessage } from '../../../components/form/FormMessage.tsx';
import { useToasts } from '../../../components/toast-context.tsx';
import { ApiError } from '../../../lib/api.ts';
import { t } from '../../../lib/i18n.ts';
import adminStyles from '../../admin/components/AdminForm.module.css';
import { useRoleMutations } from '../api/roles.queries.ts';
import { defaultRoleChanges, type DefaultRoleChoice } from '../role-permissions.ts';
import styles from './RolesPage.module.css';

export interface DefaultRolesSectionProps {
  roles: readonly Role[];
}

function choiceOf(roles: readonly Role[]): DefaultRoleChoice {
  return {
    member: roles.filter((role) => role.type === 'member').map((role) => role.roleID),
    guest: roles.filter((role) => role.type === 'guest').map((role) => role.roleID),
  };
}

/**
 * The default roles (Vanilla's role "type"): new members get every role of type Member, guests
 * hold every role of type Guest. Saving changes the types of the roles whose choice changed.
 */
export function DefaultRolesSection({ roles }: DefaultRolesSectionProps) {
  const id = useId();
  const { addToast } = useToasts();
  const { patch } = useRoleMutations();
  const [choice, setChoice] = useState(() => choiceOf(roles));
  const [error, setError] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const changes = defaultRoleChanges(roles, choice);

  const toggle = (type: 'member' | 'guest', roleID: number, checked: boolean) => {
    setChoice((previous) => {
      const chosen = checked
        ? [...previous[type], roleID]
        : previous[type].filter((item) => item !== roleID);
      // A role has one type: choosing it for one list takes it out of the other.
      const other = type === 'member' ? previous.guest : previous.member;
      const others = checked ? other.filter((item) => item !== roleID) : other;
      return type === 'member'
        ? { member: chosen, guest: others }
        : { member: others, guest: chosen };
    });
  };

  const handleSave = async () => {
    setError(null);
    if (choice.member.length === 0) {
      setError(t('Choose at least one role for new members.'));
      return;
    }
    setIsSaving(true);
    try {
      for (const change of changes) {
        await patch.mutateAsync({ roleID: change.roleID, body: { type: change.type } });
      }
      addToast({ body: t('Your changes have been saved.'), autoDismiss: true });
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : t('Something went wrong.'));
    } finally {
      setIsSaving(false);
    }
  };

  const list = (type: 'member' | 'guest', legend: string) => (
    <fieldset className={styles.choices}>
      <legend>{legend}</legend>
      {roles.map((role) => (
        <label key={role.roleID} className={styles.choice}>
          <input
            type="checkbox"
            className={adminStyles.checkbox}
            checked={choice[type].includes(role.roleID)}
            disabled={isSaving}
            onChange={(event) => toggle(type, role.roleID, event.target.checked)}
          />
          {role.name}
        </label>
      ))}
    </fieldset>
  );

  return (
    <section className={adminStyles.section} aria-labelledby={`${id}-defaults`}>
      <h2 id={`${id}-defaults`} className={adminStyles.sectionTitle}>
        {t('Default roles')}
      </h2>
      <div className={`${adminStyles.sectionBody} ${styles.defaults}`}>
        <p className={adminStyles.sectionIntro}>
          {t(
            'A role has one type. Choosing a role here makes it a Member or Guest role and replaces its former type.',
          )}
        </p>
        <div className={styles.defaultsColumns}>
          {list('member', t('New members get'))}
          {list('guest', t('Guests get'))}
        </div>
        {error === null ? null : <FormMessage>{error}</FormMessage>}
        <div className={styles.saveLine}>
          <Button
            variant="primary"
            isLoading={isSaving}
            disabled={changes.length === 0}
            onClick={() => void handleSave()}
          >
            {t('Save default roles')}
          </Button>
        </div>
      </div>
    </section>
  );
}
