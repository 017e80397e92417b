import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Avatar } from '../../../../components/Avatar.tsx';
import { FormModal } from '../../../../components/FormModal.tsx';
import { useToasts } from '../../../../components/toast-context.tsx';
import { t } from '../../../../lib/i18n.ts';
import {
  changeDiscussionAuthor,
  searchUsersByName,
  type UserSuggestion,
} from '../../api/bulk.api.ts';
import { errorText } from '../../api/discussion-actions.queries.ts';
import { discussionKeys } from '../../api/discussions.queries.ts';
import type { DiscussionModalProps } from './DeleteDiscussionModal.tsx';
import authorStyles from './ChangeAuthorModal.module.css';
import styles from './DiscussionOptions.module.css';
import { useDebounced } from '../../../../lib/use-debounced.ts';

/**
 * Change Author (spec 000 §2, §6 site.manage or community.manage): find a user by name prefix
 * (`GET /users/by-names/?name=<prefix>*&limit=50`), then `PATCH /discussions/{id}` {insertUserID}.
 */
export function ChangeAuthorModal({ discussion, onClose }: DiscussionModalProps) {
  const choiceName = useId();
  const client = useQueryClient();
  const { addToast } = useToasts();
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<UserSuggestion | null>(null);
  const prefix = useDebounced(search.trim(), 150);
  const users = useQuery({
    queryKey: ['users', 'by-names', prefix],
    queryFn: ({ signal }) => searchUsersByName(prefix, signal),
    enabled: prefix !== '',
  });
  const mutation = useMutation({
    mutationFn: (insertUserID: number) =>
      changeDiscussionAuthor(discussion.discussionID, insertUserID),
    onSuccess: async (updated) => {
      client.setQueryData(discussionKeys.detail(discussion.discussionID), updated);
      addToast({ body: t('The author has been changed.'), autoDismiss: true });
      onClose();
      await client.invalidateQueries({ queryKey: discussionKeys.lists() });
    },
  });

  const handleSubmit = () => {
    if (chosen !== null) mutation.mutate(chosen.userID);
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
        <fieldset className={styles.choices}>
          <legend className={styles.legend}>{t('New author')}</legend>
          {users.isPending ? <p className={styles.hint}>{t('Loading')}</p> : null}
          {users.isSuccess && found.length === 0 ? (
            <p className={styles.hint}>{t('No users found.')}</p>
          ) : null}
          <div className={styles.choiceList}>
            {found.map((user) => (
              <label key={user.userID} className={`${styles.choice} ${authorStyles.userChoice}`}>
                <input
                  type="radio"
                  name={choiceName}
                  value={user.userID}
                  checked={chosen?.userID === user.userID}
                  onChange={() => setChosen(user)}
                />
                <Avatar photoUrl={user.photoUrl ?? ''} name={user.name} size="small" isDecorative />
                <span className={styles.choiceText}>
                  {user.name}
                  {user.userID === discussion.insertUserID ? (
                    <span className={styles.hint}>{t('Current author')}</span>
                  ) : null}
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      )}
    </FormModal>
  );
}
