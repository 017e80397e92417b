import type { Notification } from '../../../../../common/src/api/notifications.ts';
import { Avatar } from '../../../components/Avatar.tsx';
import { DateTime } from '../../../components/DateTime.tsx';
import { SmartLink } from '../../../components/SmartLink.tsx';
import { toSitePath } from '../../../layout/page-url.ts';
import { t } from '../../../lib/i18n.ts';
import { useMarkReadMutation } from '../api/notifications.queries.ts';
import styles from './Notifications.module.css';

export interface NotificationListProps {
  notifications: Notification[];
  /** Called after a notification is chosen (the flyout closes). */
  onNavigate?: () => void;
}

/** Notifications, newest first: each links to its record and is marked read when followed. */
export function NotificationList({ notifications, onNavigate }: NotificationListProps) {
  const markRead = useMarkReadMutation();
  if (notifications.length === 0) {
    return <p className={styles.empty}>{t('You have no notifications yet.')}</p>;
  }
  return (
    <ul className={styles.list}>
      {notifications.map((notification) => {
        const actor = notification.notifyUsers?.[0];
        const others = (notification.count ?? 1) - 1;
        const handleClick = () => {
          if (!notification.read) markRead.mutate(notification.notificationID);
          onNavigate?.();
        };
        return (
          <li key={notification.notificationID} className={`${styles.item} ${notification.read ? '' : styles.unread}`}>
            <SmartLink to={toSitePath(notification.url)} className={styles.link} onClick={handleClick}>
              {actor ? <Avatar photoUrl={actor.photoUrl} name={actor.name} size="small" isDecorative /> : null}
              <span>
                {/* The body is HTML the server built with its escaper (api-contract §4). */}
                <span className={styles.body} dangerouslySetInnerHTML={{ __html: notification.body }} />
                <span className={styles.meta}>
                  {' '}
                  {others > 0 ? t('and {count} more', { count: others }) : null} <DateTime date={notification.dateInserted} />
                  {notification.read ? null : <span className={styles.srOnly}>{` ${t('Unread')}`}</span>}
                </span>
              </span>
            </SmartLink>
          </li>
        );
      })}
    </ul>
  );
}
