import { Avatar } from '../../components/Avatar.tsx';
import { Flyout } from '../../components/Flyout.tsx';
import { SmartLink } from '../../components/SmartLink.tsx';
import { useEntryLinks } from '../../app/entry-links.ts';
import { NotificationsBell } from '../../features/notifications/components/NotificationsBell.tsx';
import { MessagesEnvelope } from '../../features/conversations/components/MessagesEnvelope.tsx';
import {
  dashboardCategoriesPath,
  dashboardSettingsPath,
  draftsPath,
  editProfilePath,
  profilePath,
} from '../../app/paths.ts';
import { t } from '../../lib/i18n.ts';
import { useCurrentUser, usePermission } from '../../lib/session.ts';
import accountStyles from './AccountMenu.module.css';
import styles from './TitleBar.module.css';

/**
 * The title bar's right side (spec 000 §2): 'Sign In' and 'Register' for guests, the
 * notifications bell, the messages envelope (when conversations are enabled) and the 'My Account'
 * flyout for signed-in users.
 */
export function MeBox() {
  const user = useCurrentUser();
  const canManageSite = usePermission('site.manage');
  const canManageCommunity = usePermission('community.manage');
  const entryLinks = useEntryLinks();
  if (user.userID === 0) {
    return (
      <div className={styles.meBox}>
        <SmartLink to={entryLinks.signIn()} className={styles.signIn}>
          {t('Sign In')}
        </SmartLink>
        {entryLinks.register === null ? null : (
          <SmartLink to={entryLinks.register} className={styles.register}>
            {t('Register')}
          </SmartLink>
        )}
      </div>
    );
  }
  return (
    <div className={styles.meBox}>
      <NotificationsBell />
      <MessagesEnvelope />
      <Flyout
        label={t('My Account')}
        buttonContent={
          <Avatar photoUrl={user.photoUrl} name={user.name} size="small" isDecorative />
        }
        buttonClassName={styles.meButton}
      >
        {(close) => (
          <div className={accountStyles.account}>
            <div className={accountStyles.accountHeader}>
              <Avatar photoUrl={user.photoUrl} name={user.name} size="medium" isDecorative />
              <div className={accountStyles.accountName}>
                <p className={accountStyles.accountUserName}>{user.name}</p>
                {user.email ? <p className={accountStyles.accountEmail}>{user.email}</p> : null}
              </div>
            </div>
            <ul className={accountStyles.accountList}>
              <li>
                <SmartLink
                  to={profilePath(user.name)}
                  className={accountStyles.accountLink}
                  onClick={close}
                >
                  {t('Profile')}
                </SmartLink>
              </li>
              <li>
                <SmartLink to={editProfilePath()} className={accountStyles.accountLink} onClick={close}>
                  {t('Edit Profile')}
                </SmartLink>
              </li>
              <li>
                <SmartLink to={draftsPath()} className={accountStyles.accountLink} onClick={close}>
                  {t('Drafts')}
                </SmartLink>
              </li>
              {canManageSite || canManageCommunity ? (
                <li>
                  <SmartLink
                    to={canManageSite ? dashboardSettingsPath() : dashboardCategoriesPath()}
                    className={accountStyles.accountLink}
                    onClick={close}
                  >
                    {t('Dashboard')}
                  </SmartLink>
                </li>
              ) : null}
            </ul>
            <ul className={`${accountStyles.accountList} ${accountStyles.accountFooter}`}>
              <li>
                <a href={entryLinks.signOut} className={accountStyles.accountLink}>
                  {t('Sign Out')}
                </a>
              </li>
            </ul>
          </div>
        )}
      </Flyout>
    </div>
  );
}
