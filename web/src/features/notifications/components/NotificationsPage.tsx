import { useParams } from 'react-router';
import { ErrorMessage, PermissionErrorPage } from '../../../app/errors/ErrorPage.tsx';
import { usePageMeta } from '../../../app/page-meta.tsx';
import { notificationsPath } from '../../../app/paths.ts';
import { Button } from '../../../components/Button.tsx';
import { Loader } from '../../../components/Loader.tsx';
import { Pager } from '../../../components/Pager.tsx';
import { t } from '../../../lib/i18n.ts';
import { useIsSignedIn } from '../../../lib/session.ts';
import { useMarkAllReadMutation, useNotificationsQuery } from '../api/notifications.queries.ts';
import { NotificationList } from './NotificationList.tsx';
import styles from './Notifications.module.css';

/** Notifications per page (the API's default). */
const PAGE_LIMIT = 30;

/** `/profile/notifications[/p{page}]`: every notification of the signed-in user, a "more" pager. */
export function NotificationsPage() {
  const params = useParams();
  const page = Math.max(1, Number(/^p(\d+)$/.exec(params.page ?? '')?.[1] ?? 1));
  const signedIn = useIsSignedIn();
  const query = useNotificationsQuery(page, PAGE_LIMIT, signedIn);
  const markAll = useMarkAllReadMutation();
  usePageMeta({ title: t('Notifications') });
  if (!signedIn) return <PermissionErrorPage />;
  return (
    <main className={styles.page}>
      <div className={styles.header}>
        <h1 className={styles.title}>{t('Notifications')}</h1>
        <Button onClick={() => markAll.mutate()} disabled={markAll.isPending}>
          {t('Mark All Read')}
        </Button>
      </div>
      {query.isPending ? (
        <Loader />
      ) : query.isError ? (
        <ErrorMessage title={t('Something went wrong.')} description={query.error.message} headingLevel={2} />
      ) : (
        <>
          <NotificationList notifications={query.data.notifications} />
          <Pager
            page={page}
            limit={PAGE_LIMIT}
            total={(page - 1) * PAGE_LIMIT + query.data.notifications.length}
            hasMore={query.data.paging.nextURL !== undefined}
            hrefForPage={notificationsPath}
            label={t('Notifications')}
          />
        </>
      )}
    </main>
  );
}
