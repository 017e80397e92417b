import type { Role } from '../../../../../common/src/api/roles.ts';
import { ConfirmModal } from '../../../components/Modal.tsx';
import { useToasts } from '../../../components/toast-context.tsx';
import { t } from '../../../lib/i18n.ts';
import { useRoleMutations, useRoleMemberCounts } from '../api/roles.queries.ts';

export interface DeleteRoleDialogProps {
  role: Pick<Role, 'roleID' | 'name'>;
  onClose: () => void;
  onDeleted: () => void;
}

/** Asks before `DELETE /roles/{id}`, saying how many members hold the role and lose it. */
export function DeleteRoleDialog({ role, onClose, onDeleted }: DeleteRoleDialogProps) {
  const { remove } = useRoleMutations();
  const { addToast } = useToasts();
  const count = useRoleMemberCounts([role.roleID]).get(role.roleID);
  const holders =
    count === undefined
      ? t('Its members lose it and its permissions.')
      : t('{users} hold it; they lose it and its permissions.', {
          users: t('{count} users', { count }),
        });
  return (
    <ConfirmModal
      title={t('Delete {name}', { name: role.name })}
      message={`${t('Are you sure you want to delete the role {name}?', { name: role.name })} ${holders} ${t('This cannot be undone.')}`}
      confirmLabel={t('Delete')}
      isBusy={remove.isPending}
      error={remove.error?.message ?? null}
      onCancel={onClose}
      onConfirm={() =>
        remove.mutate(role.roleID, {
          onSuccess: () => {
            addToast({
              body: t('The role {name} has been deleted.', { name: role.name }),
              autoDismiss: true,
            });
            onDeleted();
          },
        })
      }
    />
  );
}
