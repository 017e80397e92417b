import { useEffect, useRef } from 'react';
import { addMessagePath, profilePath } from '../../../app/paths.ts';
import { AppLink } from '../../../components/AppLink.tsx';
import { Avatar } from '../../../components/Avatar.tsx';
import { CloseIcon } from '../../../components/CloseIcon.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useConfigValue } from '../../../lib/bootstrap.ts';
import { t } from '../../../lib/i18n.ts';
import { useCurrentUser, usePermission } from '../../../lib/session.ts';
import { useNow } from '../../discussions/components/page/use-now.ts';
import { useUserCardQuery } from '../api/profiles.queries.ts';
import { isOnline } from './user-presence.ts';
import { UserFacts } from './UserFacts.tsx';
import styles from './UserCard.module.css';

export interface UserCardProps {
  userID: number;
  /** Shown while the user loads. */
  name: string;
  onClose: () => void;
}

/**
 * The user card (spec 000 §2, states of §4): loading, not found ('This user has been deleted.'),
 * load failure ('Failed to load user'), banned, private (name and photo only), loaded: photo,
 * name, title, e-mail for permitted viewers, View Profile and Message, counts, Joined and Last
 * Active. A flyout on wide screens, a bottom sheet on narrow ones (CSS).
 */
export function UserCard({ userID, name, onClose }: UserCardProps) {
  const query = useUserCardQuery(userID, true);
  const me = useCurrentUser();
  const canMessage = usePermission('conversations.add');
  const conversationsEnabled = useConfigValue('context.conversationsEnabled', false);
  const now = useNow(() => 60_000);
  const cardRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    cardRef.current?.focus();
  }, []);

  const user = query.data;
  const headingID = `user-card-${userID}`;
  let body;
  if (query.isPending) {
    body = <div className={styles.skeleton} aria-busy="true" aria-label={t('Loading')} />;
  } else if (query.isError) {
    body = (
      <p className={styles.state}>
        {query.error instanceof ApiError && query.error.status === 404
          ? t('This user has been deleted.')
          : t('Failed to load user')}
      </p>
    );
  } else if (user !== undefined) {
    const restricted = user.dateInserted === undefined;
    const showMessage =
      conversationsEnabled &&
      canMessage &&
      user.banned === 0 &&
      me.userID !== 0 &&
      me.userID !== user.userID;
    body = (
      <>
        {user.banned !== 0 ? (
          <p className={styles.state}>{t('This user has been banned.')}</p>
        ) : null}
        {restricted && user.banned === 0 ? (
          <p className={styles.state}>{t("This user's profile is private.")}</p>
        ) : null}
        {!restricted ? <UserFacts user={user} className={styles.counts} /> : null}
        <div className={styles.actions}>
          <AppLink className={styles.button} to={profilePath(user.name)} onClick={onClose}>
            {t('View Profile')}
          </AppLink>
          {showMessage ? (
            <a className={styles.button} href={addMessagePath({ to: [user.name] })}>
              {t('Message')}
            </a>
          ) : null}
        </div>
      </>
    );
  }
  const shown = user ?? {
    name,
    photoUrl: undefined,
    title: undefined,
    email: undefined,
    dateLastActive: undefined,
  };
  return (
    <div
      ref={cardRef}
      className={styles.card}
      role="dialog"
      aria-labelledby={headingID}
      tabIndex={-1}
    >
      <button type="button" className={styles.close} onClick={onClose} aria-label={t('Close')}>
        <CloseIcon />
      </button>
      <div className={styles.identity}>
        <Avatar photoUrl={shown.photoUrl} name={shown.name} size="large" isDecorative />
        <p id={headingID} className={styles.name}>
          {shown.name}
          {isOnline(shown.dateLastActive, now) ? (
            <span className={styles.online} aria-label={t('Online')} role="img" />
          ) : null}
        </p>
        {shown.title ? <p className={styles.title}>{shown.title}</p> : null}
        {shown.email ? <p className={styles.email}>{shown.email}</p> : null}
      </div>
      {body}
    </div>
  );
}
