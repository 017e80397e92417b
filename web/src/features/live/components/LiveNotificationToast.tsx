import type { Notification } from '../../../../../common/src/api/notifications.ts';
import { Avatar } from '../../../components/Avatar.tsx';
import { SmartLink } from '../../../components/SmartLink.tsx';
import { toSitePath } from '../../../layout/page-url.ts';
import { t } from '../../../lib/i18n.ts';
import { useMarkReadMutation } from '../../notifications/api/notifications.queries.ts';
import styles from './LiveNotificationToast.module.css';

export interface LiveNotificationToastProps {
  notification: Notification;
  onNavigate: () => void;
}

/**
 * A toast for a notification that arrived live: who, what (the server's HTML), and a link to it;
 * following the link reads the notification, as in the flyout.
 */
export function LiveNotificationToast({ notification, onNavigate }: LiveNotificationToastProps) {
  const markRead = useMarkReadMutation();
  const actor = notification.notifyUsers?.[0];
  const handleClick = () => {
    markRead.mutate(notification.notificationID);
    onNavigate();
  };
  return (
    <SmartLink to={toSitePath(notification.url)} className={styles.link} onClick={handleClick}>
      {actor ? <Avatar photoUrl={actor.photoUrl} name={actor.name} size="small" isDecorative /> : null}
      <span>
        <span className={styles.srOnly}>{`${t('New notification')}: `}</span>
        {/* The body is HTML the server built with its escaper (api-contract §4). */}
        <span dangerouslySetInnerHTML={{ __html: notification.body }} />
      </span>
    </SmartLink>
  );
}
