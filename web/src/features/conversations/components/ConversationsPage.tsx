import { ErrorMessage, PermissionErrorPage } from '../../../app/errors/ErrorPage.tsx';
import { usePageMeta } from '../../../app/page-meta.tsx';
import { addMessagePath, messagesPath } from '../../../app/paths.ts';
import { Loader } from '../../../components/Loader.tsx';
import { Pager } from '../../../components/Pager.tsx';
import { SmartLink } from '../../../components/SmartLink.tsx';
import { useConfigValue } from '../../../lib/bootstrap.ts';
import { t } from '../../../lib/i18n.ts';
import { useIsSignedIn, usePermission } from '../../../lib/session.ts';
import { useConversationsQuery } from '../api/conversations.queries.ts';
import { ConversationList } from './ConversationList.tsx';
import styles from './Conversations.module.css';

export interface ConversationsPageProps {
  page: number;
}

/** `/messages[/p{page}]` (spec 000 §2): the inbox, newest activity first, a "more" pager. */
export function ConversationsPage({ page }: ConversationsPageProps) {
  const signedIn = useIsSignedIn();
  const canAdd = usePermission('conversations.add');
  const limit = useConfigValue('conversations.conversations.perPage', 50);
  const query = useConversationsQuery(page, limit, signedIn);
  usePageMeta({ title: t('Messages') });
  if (!signedIn) return <PermissionErrorPage />;
  return (
    <main className={styles.page}>
      <div className={styles.header}>
        <h1 className={styles.title}>{t('Messages')}</h1>
        {canAdd ? <SmartLink to={addMessagePath()}>{t('New Message')}</SmartLink> : null}
      </div>
      {query.isPending ? (
        <Loader />
      ) : query.isError ? (
        <ErrorMessage title={t('Something went wrong.')} description={query.error.message} headingLevel={2} />
      ) : (
        <>
          <ConversationList conversations={query.data.conversations} />
          <Pager
            page={page}
            limit={limit}
            total={(page - 1) * limit + query.data.conversations.length}
            hasMore={query.data.paging.nextURL !== undefined}
            hrefForPage={messagesPath}
            label={t('Messages')}
          />
        </>
      )}
    </main>
  );
}
