import { useId, useState } from 'react';
import { BAN_REASON_MAX_LENGTH, type User } from '../../../../../common/src/api/users.ts';
import { Button } from '../../../components/Button.tsx';
import { FormModal } from '../../../components/FormModal.tsx';
import { TextField } from '../../../components/form/TextField.tsx';
import { useErrorToast, useToasts } from '../../../components/toast-context.tsx';
import { ApiError } from '../../../lib/api.ts';
import { t } from '../../../lib/i18n.ts';
import { useCurrentUser, usePermission } from '../../../lib/session.ts';
import { useBanUserMutation } from '../api/ban.queries.ts';
import formStyles from '../../../components/form/Form.module.css';
import styles from './BanUserButton.module.css';

/**
 * Ban or Unban on a profile (api-contract §3, §27.8): for `community.moderate` and `users.edit`
 * holders, never on oneself (the server refuses a target of the same or higher rank). Ban opens a
 * dialog with a reason and an optional end date, after which the ban lifts itself.
 */
export function BanUserButton({ user }: { user: User }) {
  const me = useCurrentUser();
  const canBan = usePermission(['community.moderate', 'users.edit']);
  const [isOpen, setIsOpen] = useState(false);
  const ban = useBanUserMutation(user.userID);
  const { addToast } = useToasts();
  const showError = useErrorToast();
  if (!canBan || me.userID === 0 || me.userID === user.userID) return null;
  if (user.banned !== 0) {
    const handleUnban = () => {
      ban.mutate(
        { banned: false },
        {
          onSuccess: () => addToast({ body: t('{name} is no longer banned.', { name: user.name }), autoDismiss: true }),
          onError: (error) => showError(error),
        },
      );
    };
    return (
      <div className={styles.actions}>
        <Button onClick={handleUnban} isLoading={ban.isPending}>
          {t('Unban')}
        </Button>
      </div>
    );
  }
  // The mutation lives here, not in the dialog: its success refetches the profile, which turns this
  // button into Unban and closes the dialog before a dialog-level callback could run.
  const handleBan = (body: BanInput) => {
    ban.mutate(body, {
      onSuccess: () => {
        addToast({ body: t('{name} is banned.', { name: user.name }), autoDismiss: true });
        setIsOpen(false);
      },
    });
  };
  return (
    <div className={styles.actions}>
      <Button
        onClick={() => {
          ban.reset();
          setIsOpen(true);
        }}
      >
        {t('Ban')}
      </Button>
      {isOpen ? (
        <BanUserModal
          user={user}
          isBusy={ban.isPending}
          error={ban.error}
          onBan={handleBan}
          onClose={() => setIsOpen(false)}
        />
      ) : null}
    </div>
  );
}

interface BanInput {
  banned: boolean;
  reason?: string;
  dateExpires?: string | null;
}

interface BanUserModalProps {
  user: User;
  isBusy: boolean;
  error: Error | null;
  onBan: (body: BanInput) => void;
  onClose: () => void;
}

function BanUserModal({ user, isBusy, error, onBan, onClose }: BanUserModalProps) {
  const [reason, setReason] = useState('');
  const [until, setUntil] = useState('');
  const reasonID = useId();
  const apiError = error instanceof ApiError ? error : null;
  const handleSubmit = () => {
    onBan({
      banned: true,
      ...(reason.trim() === '' ? {} : { reason: reason.trim() }),
      // A datetime-local value is the viewer's local time; the API takes an instant.
      dateExpires: until === '' ? null : new Date(until).toISOString(),
    });
  };
  const generalError = error && !apiError?.hasFieldErrors ? error.message : null;
  return (
    <FormModal
      title={t('Ban {name}', { name: user.name })}
      submitLabel={t('Ban')}
      isBusy={isBusy}
      error={generalError}
      onSubmit={handleSubmit}
      onClose={onClose}
    >
      <div className={formStyles.field}>
        <label className={formStyles.label} htmlFor={reasonID}>
          {t('Reason')}
        </label>
        <textarea
          id={reasonID}
          className={formStyles.input}
          value={reason}
          maxLength={BAN_REASON_MAX_LENGTH}
          rows={4}
          onChange={(event) => setReason(event.target.value)}
        />
        {(apiError?.fieldMessages('reason') ?? []).map((message) => (
          <p key={message} className={formStyles.errors} role="alert">
            {message}
          </p>
        ))}
      </div>
      <TextField
        label={t('Banned until')}
        type="datetime-local"
        value={until}
        onChange={(event) => setUntil(event.target.value)}
        description={t('Leave empty to ban until the ban is lifted.')}
        errors={apiError?.fieldMessages('dateExpires') ?? []}
      />
    </FormModal>
  );
}
