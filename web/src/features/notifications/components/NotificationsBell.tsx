import { Button } from '../../../components/Button.tsx';
import { Flyout } from '../../../components/Flyout.tsx';
import { SmartLink } from '../../../components/SmartLink.tsx';
import { notificationPreferencesPath, notificationsPath } from '../../../app/paths.ts';
import { t } from '../../../lib/i18n.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import { useMarkAllReadMutation, useNotificationsQuery, useUnreadNotificationsQuery } from '../api/notifications.queries.ts';
import { NotificationList } from './NotificationList.tsx';
import styles from './Notifications.module.css';

/** How many notifications the flyout shows. */
const FLYOUT_LIMIT = 10;

function BellIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3a1.5 1.5 0 0 0-3 0v1.16A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z"
      />
    </svg>
  );
}

function FlyoutContent({ close }: { close: () => void }) {
  const query = useNotificationsQuery(1, FLYOUT_LIMIT);
  const markAll = useMarkAllReadMutation();
  return (
    <div className={styles.flyout}>
      <div className={styles.header}>
        <h2 className={styles.title}>{t('Notifications')}</h2>
        <Button variant="text" onClick={() => markAll.mutate()} disabled={markAll.isPending}>
          {t('Mark All Read')}
        </Button>
      </div>
      {query.isPending ? (
        <p className={styles.empty}>{t('Loading')}</p>
      ) : query.isError ? (
        <p className={styles.empty} role="alert">
          {query.error.message}
        </p>
      ) : (
        <NotificationList notifications={query.data.notifications} onNavigate={close} />
      )}
      <div className={`${styles.header} ${styles.footer}`}>
        <SmartLink to={notificationsPath()} onClick={close}>
          {t('View All')}
        </SmartLink>
        <SmartLink to={notificationPreferencesPath()} onClick={close}>
          {t('Notification Preferences')}
        </SmartLink>
      </div>
    </div>
  );
}

/**
 * The me-box's notifications bell (spec 000 §2): the unread badge (from `/users/me`, then
 * me-counts polled at most once a minute) and the flyout of the latest notifications.
 */
export function NotificationsBell() {
  const user = useCurrentUser();
  const counts = useUnreadNotificationsQuery(user.userID !== 0);
  const unread = counts.data ?? user.countUnreadNotifications ?? 0;
  const label = unread > 0 ? t('Notifications, {count} unread', { count: unread }) : t('Notifications');
  return (
    <Flyout
      label={label}
      buttonClassName={styles.bellButton}
      buttonContent={
        <>
          <BellIcon />
          {unread > 0 ? (
            <span className={styles.badge} aria-hidden="true">
              {unread > 99 ? '99+' : unread}
            </span>
          ) : null}
        </>
      }
    >
      {(close) => <FlyoutContent close={close} />}
    </Flyout>
  );
}
