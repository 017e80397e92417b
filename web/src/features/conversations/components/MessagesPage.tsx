import { useParams } from 'react-router';
import { NotFoundPage } from '../../../app/errors/ErrorPage.tsx';
import { ConversationPage } from './ConversationPage.tsx';
import { ConversationsPage } from './ConversationsPage.tsx';

/**
 * `/messages`, `/messages/p{page}` (the inbox) and `/messages/{id}` (a thread) share one route
 * pattern: a `p` followed by digits is a page of the inbox, digits a conversation.
 */
export function MessagesPage() {
  const param = useParams().conversationID;
  if (param === undefined) return <ConversationsPage page={1} />;
  const page = /^p(\d+)$/.exec(param)?.[1];
  if (page !== undefined) return <ConversationsPage page={Math.max(1, Number(page))} />;
  if (/^\d+$/.test(param) && Number(param) > 0 && Number(param) <= 2_147_483_647)
    return <ConversationPage key={param} conversationID={Number(param)} />;
  return <NotFoundPage type="Conversation" />;
}
