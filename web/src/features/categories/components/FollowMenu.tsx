import { useEffect, useId, useRef, useState } from 'react';
import type {
  CategoryPreferenceKey,
  CategoryPreferences,
  CategoryPreferencesPatch,
} from '../../../../../common/src/api/categories.ts';
import { Button } from '../../../components/Button.tsx';
import { CheckboxField } from '../../../components/form/CheckboxField.tsx';
import { FormMessage } from '../../../components/form/FormMessage.tsx';
import { Flyout } from '../../../components/Flyout.tsx';
import { useConfigValue } from '../../../lib/bootstrap.ts';
import { t } from '../../../lib/i18n.ts';
import { useCurrentUser, usePermission } from '../../../lib/session.ts';
import { notificationsOff, useCategoryFollow, type CategoryFollow } from '../hooks/useCategoryFollow.ts';
import styles from './FollowMenu.module.css';

export interface FollowMenuProps {
  categoryID: number;
  categoryName: string;
  /** The category page's URL ('View Category' opens it in a new tab). */
  url: string;
}

type MethodKey = Exclude<CategoryPreferenceKey, 'preferences.followed' | 'preferences.email.digest'>;

const rows: ReadonlyArray<{ label: string; popup: MethodKey; email: MethodKey }> = [
  { label: 'New posts', popup: 'preferences.popup.posts', email: 'preferences.email.posts' },
  { label: 'New comments', popup: 'preferences.popup.comments', email: 'preferences.email.comments' },
];

function hasMethod(preferences: CategoryPreferences): boolean {
  return rows.some((row) => preferences[row.popup] || preferences[row.email]);
}

/**
 * spec 000 §2 "Follow menu": the category's follow button; its popover holds the notification
 * preferences table, a View Category link and Unfollow. Signed-in members only.
 */
export function FollowMenu({ categoryID, categoryName, url }: FollowMenuProps) {
  const me = useCurrentUser();
  const state = useCategoryFollow(categoryID, me.userID);
  if (me.userID === 0) return null;
  const label = state.isFollowed ? t('Following') : t('Follow');
  return (
    <div className={styles.menu}>
      <Flyout label={label} buttonClassName={styles.toggle}>
        {(close) => (
          <FollowPanel state={state} categoryName={categoryName} url={url} onClose={close} />
        )}
      </Flyout>
    </div>
  );
}

interface FollowPanelProps {
  state: CategoryFollow;
  categoryName: string;
  url: string;
  onClose: () => void;
}

function FollowPanel({ state, categoryName, url, onClose }: FollowPanelProps) {
  const titleID = useId();
  const { preferences, follow } = state;
  const canEmail = usePermission('email.view');
  const digestAvailable = useConfigValue('emails.digest', false) && canEmail;
  const [showTable, setShowTable] = useState<boolean | null>(null);
  // spec 000 §4: opening the menu when not followed follows (once per opening).
  const followed = useRef(false);
  useEffect(() => {
    if (followed.current || preferences === undefined) return;
    followed.current = true;
    if (!preferences['preferences.followed']) follow();
  }, [preferences, follow]);

  if (preferences === undefined) {
    return (
      <div className={styles.panel}>
        {state.error === null ? <p>{t('Loading')}</p> : <FormMessage>{state.error}</FormMessage>}
      </div>
    );
  }
  const isNotifying = showTable ?? hasMethod(preferences);
  const noneChosen =
    digestAvailable && !hasMethod(preferences) && preferences['preferences.email.digest'] !== true;

  const handleNotify = (checked: boolean) => {
    setShowTable(checked);
    if (!checked) state.change({ ...notificationsOff });
  };
  const handleUnfollow = () => {
    state.unfollow();
    onClose();
  };
  const change = (patch: CategoryPreferencesPatch) => state.change(patch);

  return (
    <section className={styles.panel} aria-labelledby={titleID}>
      <h2 id={titleID} className={styles.title}>
        {t('Notification Preferences')}
        <span className="visually-hidden">: {categoryName}</span>
      </h2>
      {state.error === null ? null : <FormMessage>{state.error}</FormMessage>}
      {digestAvailable ? (
        <CheckboxField
          label={t('Include in email digest')}
          checked={preferences['preferences.email.digest'] === true}
          onChange={(event) => change({ 'preferences.email.digest': event.currentTarget.checked })}
        />
      ) : null}
      <CheckboxField
        label={t('Notify me of new content')}
        checked={isNotifying}
        onChange={(event) => handleNotify(event.currentTarget.checked)}
      />
      {isNotifying ? (
        <table className={styles.table}>
          <caption className="visually-hidden">{t('Notify me of new content')}</caption>
          <thead>
            <tr>
              <th scope="col">
                <span className="visually-hidden">{t('Activity')}</span>
              </th>
              <th scope="col">{t('Notification popup')}</th>
              {canEmail ? <th scope="col">{t('Email')}</th> : null}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.label}>
                <th scope="row">{t(row.label)}</th>
                <td>
                  <input
                    type="checkbox"
                    aria-label={`${t(row.label)}: ${t('Notification popup')}`}
                    checked={preferences[row.popup]}
                    onChange={(event) => change({ [row.popup]: event.currentTarget.checked })}
                  />
                </td>
                {canEmail ? (
                  <td>
                    <input
                      type="checkbox"
                      aria-label={`${t(row.label)}: ${t('Email')}`}
                      checked={preferences[row.email]}
                      onChange={(event) => change({ [row.email]: event.currentTarget.checked })}
                    />
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {noneChosen ? (
        <FormMessage type="info">
          {t('At least one notification method must be selected to receive notifications')}
        </FormMessage>
      ) : null}
      <div className={styles.footer}>
        <a href={url} target="_blank" rel="noopener noreferrer">
          {t('View Category')}
        </a>
        <Button onClick={handleUnfollow}>{t('Unfollow')}</Button>
      </div>
    </section>
  );
}
