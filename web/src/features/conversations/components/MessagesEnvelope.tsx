import { addMessagePath, messagesPath } from '../../../app/paths.ts';
import { Flyout } from '../../../components/Flyout.tsx';
import { SmartLink } from '../../../components/SmartLink.tsx';
import { useConfigValue } from '../../../lib/bootstrap.ts';
import { t } from '../../../lib/i18n.ts';
import { useCurrentUser, usePermission } from '../../../lib/session.ts';
import { useConversationsQuery, useUnreadConversationsQuery } from '../api/conversations.queries.ts';
import { ConversationList } from './ConversationList.tsx';
import { EnvelopeIcon } from './EnvelopeIcon.tsx';
import styles from './Conversations.module.css';

/** How many conversations the flyout shows. */
const FLYOUT_LIMIT = 5;

function FlyoutContent({ close }: { close: () => void }) {
  const query = useConversationsQuery(1, FLYOUT_LIMIT);
  const canAdd = usePermission('conversations.add');
  return (
    <div className={styles.flyout}>
      <div className={styles.flyoutHeader}>
        <h2 className={styles.flyoutTitle}>{t('Messages')}</h2>
        {canAdd ? (
          <SmartLink to={addMessagePath()} onClick={close}>
            {t('New Message')}
          </SmartLink>
        ) : null}
      </div>
      {query.isPending ? (
        <p className={styles.empty}>{t('Loading')}</p>
      ) : query.isError ? (
        <p className={styles.empty} role="alert">
          {query.error.message}
        </p>
      ) : (
        <ConversationList conversations={query.data.conversations} onNavigate={close} />
      )}
      <div className={styles.flyoutFooter}>
        <SmartLink to={messagesPath()} onClick={close}>
          {t('View All')}
        </SmartLink>
      </div>
    </div>
  );
}

/**
 * The me-box's messages envelope (spec 000 §2: only when conversations are enabled): the unread
 * conversations badge (from `/users/me`, then me-counts, polled with the bell's) and the flyout
 * of the latest conversations.
 */
export function MessagesEnvelope() {
  const user = useCurrentUser();
  const isEnabled = useConfigValue('context.conversationsEnabled', false);
  const counts = useUnreadConversationsQuery(user.userID !== 0 && isEnabled);
  if (!isEnabled || user.userID === 0) return null;
  const unread = counts.data ?? user.countUnreadConversations ?? 0;
  const label = unread > 0 ? t('Messages, {count} unread', { count: unread }) : t('Messages');
  return (
    <Flyout
      label={label}
      buttonClassName={styles.envelopeButton}
      buttonContent={
        <>
          <EnvelopeIcon />
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
