import { addMessagePath, messagesPath } from '../../../app/paths.ts';
import { BadgeFlyout, BadgeFlyoutList } from '../../../components/BadgeFlyout.tsx';
import { SmartLink } from '../../../components/SmartLink.tsx';
import { useConfigValue } from '../../../lib/bootstrap.ts';
import { t } from '../../../lib/i18n.ts';
import { useCurrentUser, usePermission } from '../../../lib/session.ts';
import {
  useConversationsQuery,
  useUnreadConversationsQuery,
} from '../api/conversations.queries.ts';
import { ConversationList } from './ConversationList.tsx';
import { EnvelopeIcon } from './EnvelopeIcon.tsx';

/** How many conversations the flyout shows. */
const FLYOUT_LIMIT = 5;

function LatestConversations({ close }: { close: () => void }) {
  const query = useConversationsQuery(1, FLYOUT_LIMIT);
  return (
    <BadgeFlyoutList query={query}>
      {(data) => <ConversationList conversations={data.conversations} onNavigate={close} />}
    </BadgeFlyoutList>
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
  const canAdd = usePermission('conversations.add');
  if (!isEnabled || user.userID === 0) return null;
  const unread = counts.data ?? user.countUnreadConversations ?? 0;
  const label = unread > 0 ? t('Messages, {count} unread', { count: unread }) : t('Messages');
  return (
    <BadgeFlyout
      label={label}
      icon={<EnvelopeIcon />}
      count={unread}
      title={t('Messages')}
      action={(close) =>
        canAdd ? (
          <SmartLink to={addMessagePath()} onClick={close}>
            {t('New Message')}
          </SmartLink>
        ) : null
      }
      footer={(close) => (
        <SmartLink to={messagesPath()} onClick={close}>
          {t('View All')}
        </SmartLink>
      )}
    >
      {(close) => <LatestConversations close={close} />}
    </BadgeFlyout>
  );
}
