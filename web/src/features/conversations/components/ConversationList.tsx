import type { Conversation } from '../../../../../common/src/api/conversations.ts';
import { conversationPath } from '../../../app/paths.ts';
import { Avatar } from '../../../components/Avatar.tsx';
import { DateTime } from '../../../components/DateTime.tsx';
import { SmartLink } from '../../../components/SmartLink.tsx';
import { t } from '../../../lib/i18n.ts';
import styles from './Conversations.module.css';

export interface ConversationListProps {
  conversations: Conversation[];
  /** Called after a conversation is chosen (the flyout closes). */
  onNavigate?: () => void;
}

/** Conversations, newest activity first: each links to its thread, unread ones marked. */
export function ConversationList({ conversations, onNavigate }: ConversationListProps) {
  if (conversations.length === 0) {
    return <p className={styles.empty}>{t('You do not have any messages yet.')}</p>;
  }
  return (
    <ul className={styles.list}>
      {conversations.map((conversation) => {
        // api-contract §5: the current user is last, so the first participant is someone else.
        const other = conversation.participants?.[0]?.user;
        const unread = conversation.countUnread ?? 0;
        return (
          <li key={conversation.conversationID} className={`${styles.item} ${unread > 0 ? styles.unread : ''}`}>
            <SmartLink to={conversationPath(conversation.conversationID)} className={styles.link} onClick={onNavigate}>
              <Avatar photoUrl={other?.photoUrl} name={other?.name ?? ''} size="small" isDecorative />
              <span className={styles.itemText}>
                <span className={styles.itemName}>{conversation.name}</span>
                <span className={styles.excerpt}>{conversation.excerpt}</span>
                <span className={styles.meta}>
                  {conversation.lastMessage?.insertUser ? `${conversation.lastMessage.insertUser.name} · ` : null}
                  <DateTime date={conversation.lastMessage?.dateInserted ?? conversation.dateInserted} />
                </span>
              </span>
              {unread > 0 ? (
                <span className={styles.count}>
                  <span aria-hidden="true">{unread}</span>
                  <span className={styles.srOnly}>{t('{count} new messages', { count: unread })}</span>
                </span>
              ) : null}
            </SmartLink>
          </li>
        );
      })}
    </ul>
  );
}
