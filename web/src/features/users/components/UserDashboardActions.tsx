import { useId, useState } from 'react';
import type { RoleSummary } from '../../../../../common/src/api/roles.ts';
import { deleteMethods, type DeleteMethod, type User } from '../../../../../common/src/api/users.ts';
import { Button } from '../../../components/Button.tsx';
import { FormModal } from '../../../components/FormModal.tsx';
import { useToasts } from '../../../components/toast-context.tsx';
import { t } from '../../../lib/i18n.ts';
import { useCurrentUser, usePermission } from '../../../lib/session.ts';
import { useDeleteUserMutation, usePatchUserRolesMutation } from '../api/users-dashboard.queries.ts';
import { BanUserButton } from './BanUserButton.tsx';
import styles from './UsersDashboardPage.module.css';

/** The labels of `DELETE /users/{id}`'s `deleteMethod` choices (api-contract §3). */
const deleteMethodLabels: Record<DeleteMethod, string> = {
  keep: 'Keep User Content',
  wipe: 'Blank User Content',
  delete: 'Remove User Content',
};

/** A row's actions: edit roles (`users.edit`), ban or unban, delete (`users.delete`). */
export function UserDashboardActions({ user, roles }: { user: User; roles: readonly RoleSummary[] }) {
  const me = useCurrentUser();
  const canEdit = usePermission('users.edit');
  const canDelete = usePermission('users.delete');
  const [dialog, setDialog] = useState<'roles' | 'delete' | null>(null);
  const isSelf = me.userID === user.userID;
  return (
    <div className={styles.actions}>
      {canEdit && !isSelf ? (
        <Button onClick={() => setDialog('roles')} aria-label={t('Edit roles of {name}', { name: user.name })}>
          {t('Roles')}
        </Button>
      ) : null}
      <BanUserButton user={user} />
      {canDelete && !isSelf ? (
        <Button onClick={() => setDialog('delete')} aria-label={t('Delete {name}', { name: user.name })}>
          {t('Delete')}
        </Button>
      ) : null}
      {dialog === 'roles' ? (
        <EditRolesDialog user={user} roles={roles} onClose={() => setDialog(null)} />
      ) : dialog === 'delete' ? (
        <DeleteUserDialog user={user} onClose={() => setDialog(null)} />
      ) : null}
    </div>
  );
}

function EditRolesDialog({
  user,
  roles,
  onClose,
}: {
  user: User;
  roles: readonly RoleSummary[];
  onClose: () => void;
}) {
  const [selected, setSelected] = useState<readonly number[]>(() => (user.roles ?? []).map((role) => role.roleID));
  const save = usePatchUserRolesMutation();
  const { addToast } = useToasts();
  const legendID = useId();
  // Roles the editor may not give stay as they are but cannot be ticked or unticked.
  const shown = roles.filter((role) => role.assignable !== false || selected.includes(role.roleID));
  const toggle = (roleID: number) =>
    setSelected((current) =>
      current.includes(roleID) ? current.filter((id) => id !== roleID) : [...current, roleID],
    );
  const handleSubmit = () => {
    save.mutate(
      { userID: user.userID, roleIDs: selected },
      {
        onSuccess: () => {
          addToast({ body: t('The roles of {name} are saved.', { name: user.name }), autoDismiss: true });
          onClose();
        },
      },
    );
  };
  return (
    <FormModal
      title={t('Edit roles of {name}', { name: user.name })}
      submitLabel={t('Save')}
      isBusy={save.isPending}
      canSubmit={selected.length > 0}
      error={save.error?.message ?? (selected.length === 0 ? t('A user must have at least one role.') : null)}
      onSubmit={handleSubmit}
      onClose={onClose}
    >
      <fieldset className={styles.choices} aria-labelledby={legendID}>
        <legend id={legendID}>{t('Roles')}</legend>
        {shown.map((role) => (
          <label key={role.roleID} className={styles.choice}>
            <input
              type="checkbox"
              checked={selected.includes(role.roleID)}
              disabled={role.assignable === false}
              onChange={() => toggle(role.roleID)}
            />
            {role.name}
          </label>
        ))}
      </fieldset>
    </FormModal>
  );
}

function DeleteUserDialog({ user, onClose }: { user: User; onClose: () => void }) {
  const [method, setMethod] = useState<DeleteMethod>('keep');
  const remove = useDeleteUserMutation();
  const { addToast } = useToasts();
  const legendID = useId();
  const handleSubmit = () => {
    remove.mutate(
      { userID: user.userID, deleteMethod: method },
      {
        onSuccess: () => {
          addToast({ body: t('{name} is deleted.', { name: user.name }), autoDismiss: true });
          onClose();
        },
      },
    );
  };
  return (
    <FormModal
      title={t('Delete {name}', { name: user.name })}
      submitLabel={t('Delete')}
      isBusy={remove.isPending}
      error={remove.error?.message ?? null}
      onSubmit={handleSubmit}
      onClose={onClose}
    >
      <fieldset className={styles.choices} aria-labelledby={legendID}>
        <legend id={legendID}>{t('What happens to their content?')}</legend>
        {deleteMethods.map((choice) => (
          <label key={choice} className={styles.choice}>
            <input
              type="radio"
              name="deleteMethod"
              value={choice}
              checked={method === choice}
              onChange={() => setMethod(choice)}
            />
            {t(deleteMethodLabels[choice])}
          </label>
        ))}
      </fieldset>
    </FormModal>
  );
}
