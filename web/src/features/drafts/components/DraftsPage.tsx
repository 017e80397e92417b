import { useSearchParams } from 'react-router';
import { draftStatuses, type DraftStatus } from '../../../../../common/src/api/drafts.ts';
import { has } from '../../../../../common/src/permissions/has.ts';
import { ErrorMessage, PermissionErrorPage } from '../../../app/errors/ErrorPage.tsx';
import { usePageMeta } from '../../../app/page-meta.tsx';
import { draftsPath } from '../../../app/paths.ts';
import { AppLink } from '../../../components/AppLink.tsx';
import { Loader } from '../../../components/Loader.tsx';
import { Pager } from '../../../components/Pager.tsx';
import { useConfigValue } from '../../../lib/bootstrap.ts';
import { t } from '../../../lib/i18n.ts';
import { useIsSignedIn, usePermissionSet } from '../../../lib/session.ts';
import { useDraftsQuery } from '../api/drafts.queries.ts';
import { DraftItem } from './DraftItem.tsx';
import styles from './DraftsPage.module.css';

/** Drafts per page (the API's default). */
const PAGE_LIMIT = 30;

const tabLabels: Record<DraftStatus, string> = {
  draft: 'Drafts',
  scheduled: 'Scheduled',
  error: 'Not published',
};

function statusOf(value: string | null): DraftStatus {
  return draftStatuses.find((status) => status === value) ?? 'draft';
}

/**
 * `/drafts` (issue 16; Vanilla's drafts page): the member's drafts, scheduled posts and posts that
 * failed to publish, with edit, publish, schedule and delete.
 */
export function DraftsPage() {
  const [params] = useSearchParams();
  const status = statusOf(params.get('draftStatus'));
  const page = Math.max(1, Number(params.get('page') ?? 1) || 1);
  const signedIn = useIsSignedIn();
  const permissions = usePermissionSet();
  const isSchedulingOn = useConfigValue('featureFlags.DraftScheduling.Enabled', true);
  const canSchedule = isSchedulingOn && has(permissions, 'schedule.allow');
  const query = useDraftsQuery(status, page, PAGE_LIMIT);
  usePageMeta({ title: t('Drafts') });
  if (!signedIn) return <PermissionErrorPage />;
  return (
    <main className={styles.page}>
      <h1 className={styles.title}>{t('Drafts')}</h1>
      <nav aria-label={t('Drafts')} className={styles.tabs}>
        {draftStatuses.map((tab) => (
          <AppLink
            key={tab}
            to={draftsPath({ draftStatus: tab })}
            className={styles.tab}
            aria-current={tab === status ? 'page' : undefined}
          >
            {t(tabLabels[tab])}
          </AppLink>
        ))}
      </nav>
      {query.isPending ? (
        <Loader />
      ) : query.isError ? (
        <ErrorMessage title={t('Something went wrong.')} description={query.error.message} headingLevel={2} />
      ) : query.data.drafts.length === 0 ? (
        <p className={styles.empty}>
          {status === 'draft' ? t('You have no drafts.') : status === 'scheduled' ? t('You have no scheduled posts.') : t('Every post was published.')}
        </p>
      ) : (
        <>
          <ul className={styles.list}>
            {query.data.drafts.map((draft) => (
              <DraftItem key={draft.draftID} draft={draft} canSchedule={canSchedule} />
            ))}
          </ul>
          <Pager
            page={page}
            limit={PAGE_LIMIT}
            total={query.data.paging.total ?? query.data.drafts.length}
            hrefForPage={(next) => draftsPath({ draftStatus: status, page: next })}
            label={t('Drafts')}
          />
        </>
      )}
    </main>
  );
}
