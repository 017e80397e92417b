import type { User } from '../../../../../common/src/api/users.ts';
import { Avatar } from '../../../components/Avatar.tsx';
import { t } from '../../../lib/i18n.ts';
import { BanUserButton } from './BanUserButton.tsx';
import { isOnline } from './user-presence.ts';
import { UserFacts } from './UserFacts.tsx';
import styles from './ProfilePage.module.css';

export interface ProfileHeaderProps {
  user: User;
  now: number;
}

/**
 * The top of a profile: photo, name, title, banned label, location and about, counts, Joined and
 * Last Active with the online dot. A restricted view (private profile) has only name and photo.
 */
export function ProfileHeader({ user, now }: ProfileHeaderProps) {
  const online = isOnline(user.dateLastActive, now);
  return (
    <header className={styles.header}>
      <Avatar photoUrl={user.photoUrl} name={user.name} size="xlarge" isDecorative />
      <div className={styles.identity}>
        <h1 className={styles.name}>
          {user.name}
          {online ? (
            <span className={styles.online} title={t('Online')}>
              <span className={styles.onlineDot} aria-hidden="true" />
              <span className={styles.visuallyHidden}>{t('Online')}</span>
            </span>
          ) : null}
        </h1>
        {user.title ? <p className={styles.userTitle}>{user.title}</p> : null}
        {user.banned !== 0 ? <p className={styles.bannedLabel}>{t('Banned')}</p> : null}
        <BanUserButton user={user} />
        {user.profileFields?.location ? (
          <p className={styles.location}>{user.profileFields.location}</p>
        ) : null}
        {user.profileFields?.about ? (
          <p className={styles.about}>{user.profileFields.about}</p>
        ) : null}
        {user.dateInserted !== undefined ? (
          <UserFacts user={user} className={styles.facts} showEmail />
        ) : null}
      </div>
    </header>
  );
}
