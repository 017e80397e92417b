import { Button } from '../../../components/Button.tsx';
import { BadgeFlyout, BadgeFlyoutList } from '../../../components/BadgeFlyout.tsx';
import { SmartLink } from '../../../components/SmartLink.tsx';
import { notificationPreferencesPath, notificationsPath } from '../../../app/paths.ts';
import { t } from '../../../lib/i18n.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import {
  useMarkAllReadMutation,
  useNotificationsQuery,
  useUnreadNotificationsQuery,
} from '../api/notifications.queries.ts';
import { NotificationList } from './NotificationList.tsx';

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

/**
 * The me-box's notifications bell (spec 000 §2): the unread badge (from `/users/me`, then
 * me-counts polled at most once a minute) and the flyout of the latest notifications.
 */
export function NotificationsBell() {
  const user = useCurrentUser();
  const counts = useUnreadNotificationsQuery(user.userID !== 0);
  const unread = counts.data ?? user.countUnreadNotifications ?? 0;
  const label =
    unread > 0 ? t('Notifications, {count} unread', { count: unread }) : t('Notifications');
  return (
    <BadgeFlyout
      label={label}
      icon={<BellIcon />}
      count={unread}
      title={t('Notifications')}
      action={() => <MarkAllReadButton />}
      footer={(close) => (
        <>
          <SmartLink to={notificationsPath()} onClick={close}>
            {t('View All')}
          </SmartLink>
          <SmartLink to={notificationPreferencesPath()} onClick={close}>
            {t('Notification Preferences')}
          </SmartLink>
        </>
      )}
    >
      {(close) => <LatestNotifications close={close} />}
    </BadgeFlyout>
  );
}

function LatestNotifications({ close }: { close: () => void }) {
  const query = useNotificationsQuery(1, FLYOUT_LIMIT);
  return (
    <BadgeFlyoutList query={query}>
      {(data) => <NotificationList notifications={data.notifications} onNavigate={close} />}
    </BadgeFlyoutList>
  );
}

function MarkAllReadButton() {
  const markAll = useMarkAllReadMutation();
  return (
    <Button variant="text" onClick={() => markAll.mutate()} disabled={markAll.isPending}>
      {t('Mark All Read')}
    </Button>
  );
}
