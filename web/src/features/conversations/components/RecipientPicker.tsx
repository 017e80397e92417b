import { useId, useState } from 'react';
import type { UserFragment } from '../../../../../common/src/api/users.ts';
import { Avatar } from '../../../components/Avatar.tsx';
import { Button } from '../../../components/Button.tsx';
import { t } from '../../../lib/i18n.ts';
import { useDebounced } from '../../../lib/use-debounced.ts';
import { useUsersByNamePrefixQuery } from '../../discussions/api/discussion-actions.queries.ts';
import styles from './Conversations.module.css';

/** A chosen recipient (the user fields the picker shows). */
export type Recipient = Pick<UserFragment, 'userID' | 'name'> & { photoUrl?: string | undefined };

export interface RecipientPickerProps {
  recipients: readonly Recipient[];
  onChange: (recipients: Recipient[]) => void;
  /** Users never offered (the current user). */
  excludeUserIDs: readonly number[];
  error?: string | undefined;
}

/**
 * The compose page's recipients (spec 000 §2 `/messages/add`): chosen users as removable chips,
 * and a search by name prefix (`GET /users/by-names/?name=<prefix>*`) whose matches are buttons.
 */
export function RecipientPicker({ recipients, onChange, excludeUserIDs, error }: RecipientPickerProps) {
  const id = useId();
  const [search, setSearch] = useState('');
  const prefix = useDebounced(search.trim(), 150);
  const users = useUsersByNamePrefixQuery(prefix);
  const chosen = new Set(recipients.map((recipient) => recipient.userID));
  const offered = (users.data ?? []).filter((user) => !chosen.has(user.userID) && !excludeUserIDs.includes(user.userID));
  return (
    <div className={styles.field}>
      <label htmlFor={`${id}-search`}>{t('Recipients')}</label>
      {recipients.length > 0 ? (
        <ul className={styles.chips} aria-label={t('Recipients')}>
          {recipients.map((recipient) => (
            <li key={recipient.userID} className={styles.chip}>
              {recipient.name}
              <Button
                variant="icon"
                aria-label={t('Remove {name}', { name: recipient.name })}
                onClick={() => onChange(recipients.filter((item) => item.userID !== recipient.userID))}
              >
                ×
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <input
        id={`${id}-search`}
        type="search"
        className={styles.input}
        value={search}
        placeholder={t('Find a user')}
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => setSearch(event.target.value)}
      />
      {error ? (
        <p id={`${id}-error`} className={styles.error}>
          {error}
        </p>
      ) : null}
      {prefix === '' ? null : users.isPending ? (
        <p className={styles.meta}>{t('Loading')}</p>
      ) : offered.length === 0 ? (
        <p className={styles.meta}>{t('No users found.')}</p>
      ) : (
        <ul className={styles.options} aria-label={t('Matching users')}>
          {offered.map((user) => (
            <li key={user.userID}>
              <button
                type="button"
                className={styles.option}
                onClick={() => {
                  onChange([...recipients, { userID: user.userID, name: user.name, photoUrl: user.photoUrl }]);
                  setSearch('');
                }}
              >
                <Avatar photoUrl={user.photoUrl} name={user.name} size="small" isDecorative />
                {t('Add {name}', { name: user.name })}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
