import { useState } from 'react';
import { Avatar } from '../../../../components/Avatar.tsx';
import { FormModal } from '../../../../components/FormModal.tsx';
import { t } from '../../../../lib/i18n.ts';
import type { UserSuggestion } from '../../api/bulk.api.ts';
import {
  errorText,
  useChangeAuthorMutation,
  useUsersByNamePrefixQuery,
} from '../../api/discussion-actions.queries.ts';
import type { DiscussionModalProps } from './DeleteDiscussionModal.tsx';
import authorStyles from './ChangeAuthorModal.module.css';
import styles from './DiscussionOptions.module.css';
import { RadioChoices } from './RadioChoices.tsx';
import { useDebounced } from '../../../../lib/use-debounced.ts';

/**
 * Change Author (spec 000 §2, §6 site.manage or community.manage): find a user by name prefix
 * (`GET /users/by-names/?name=<prefix>*&limit=50`), then `PATCH /discussions/{id}` {insertUserID}.
 */
export function ChangeAuthorModal({ discussion, onClose }: DiscussionModalProps) {
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<UserSuggestion | null>(null);
  const prefix = useDebounced(search.trim(), 150);
  const users = useUsersByNamePrefixQuery(prefix);
  const mutation = useChangeAuthorMutation(discussion.discussionID);

  const handleSubmit = () => {
    if (chosen !== null) mutation.mutate(chosen.userID, { onSuccess: onClose });
  };

  const found = users.data ?? [];
  return (
    <FormModal
      title={t('Change Author')}
      canSubmit={chosen !== null && chosen.userID !== discussion.insertUserID}
      isBusy={mutation.isPending}
      error={mutation.isError ? errorText(mutation.error) : null}
      onSubmit={handleSubmit}
      onClose={onClose}
    >
      <label className={styles.label}>
        <span>{t('Find a user')}</span>
        <input
          type="search"
          className={styles.input}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          autoComplete="off"
        />
      </label>
      {prefix === '' ? null : (
        <RadioChoices
          legend={t('New author')}
          status={
            users.isPending ? (
              <p className={styles.hint}>{t('Loading')}</p>
            ) : users.isSuccess && found.length === 0 ? (
              <p className={styles.hint}>{t('No users found.')}</p>
            ) : null
          }
          choices={found.map((user) => ({
            key: user.userID,
            item: user,
            label: user.name,
            before: (
              <Avatar photoUrl={user.photoUrl ?? ''} name={user.name} size="small" isDecorative />
            ),
            hints: user.userID === discussion.insertUserID ? [t('Current author')] : [],
          }))}
          selectedKey={chosen?.userID ?? null}
          onChange={setChosen}
          choiceClassName={authorStyles.userChoice}
        />
      )}
    </FormModal>
  );
}
