import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { Message } from '../../../../../common/src/api/conversations.ts';
import { ErrorPageForError, PermissionErrorPage } from '../../../app/errors/ErrorPage.tsx';
import { usePageMeta } from '../../../app/page-meta.tsx';
import { messagesPath, profilePath } from '../../../app/paths.ts';
import { Avatar } from '../../../components/Avatar.tsx';
import { Button } from '../../../components/Button.tsx';
import { DateTime } from '../../../components/DateTime.tsx';
import { Loader } from '../../../components/Loader.tsx';
import { SmartLink } from '../../../components/SmartLink.tsx';
import { ApiError } from '../../../lib/api.ts';
import { t } from '../../../lib/i18n.ts';
import { useCurrentUser, useIsSignedIn } from '../../../lib/session.ts';
import { isRich2Empty } from '../../editor/rich2-text.ts';
import {
  useConversationQuery,
  useLeaveConversationMutation,
  useMessagesQuery,
  usePostMessageMutation,
} from '../api/conversations.queries.ts';
import { MessageBodyFields } from './MessageBodyFields.tsx';
import styles from './Conversations.module.css';
import { HydratedFieldset } from '../../../components/form/HydratedFieldset.tsx';

/** Messages per page of a thread (the API's maximum). */
const MESSAGES_LIMIT = 100;

function MessageItem({ message, isMine }: { message: Message; isMine: boolean }) {
  const author = message.insertUser;
  return (
    <li
      className={`${styles.message} ${isMine ? styles.mine : ''}`}
      id={`Message_${message.messageID}`}
    >
      <Avatar photoUrl={author?.photoUrl} name={author?.name ?? ''} size="small" isDecorative />
      <div className={styles.messageBody}>
        <span className={styles.itemName}>
          {author ? (
            <SmartLink to={profilePath(author.name)}>{author.name}</SmartLink>
          ) : (
            t('Unknown')
          )}
        </span>{' '}
        <span className={styles.meta}>
          <DateTime date={message.dateInserted} />
        </span>
        {/* The body is the server's sanitized HTML (api-contract §1.8). */}
        <div dangerouslySetInnerHTML={{ __html: message.body }} />
      </div>
    </li>
  );
}

/** The reply box: the comment editor, 'Send Message'; field errors under the editor. */
function ReplyForm({ conversationID }: { conversationID: number }) {
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<ApiError | null>(null);
  const mutation = usePostMessageMutation();
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (isRich2Empty(draft) || mutation.isPending) return;
    setError(null);
    mutation.mutate(
      { conversationID, body: draft, format: 'rich2' },
      {
        onSuccess: () => setDraft(''),
        onError: (caught) =>
          setError(
            caught instanceof ApiError
              ? caught
              : new ApiError(t('Something has gone wrong.'), { status: 0 }),
          ),
      },
    );
  };
  const bodyErrors = error?.fieldMessages('body') ?? [];
  const otherError =
    error !== null && bodyErrors.length === 0 ? (error.description ?? error.message) : null;
  return (
    <form className={styles.form} onSubmit={handleSubmit}>
      <HydratedFieldset>
        <MessageBodyFields
          value={draft}
          onChange={setDraft}
          bodyErrors={bodyErrors}
          otherError={otherError}
          isPending={mutation.isPending}
          disabled={isRich2Empty(draft)}
        />
      </HydratedFieldset>
    </form>
  );
}

export interface ConversationPageProps {
  conversationID: number;
}

/** `/messages/{id}` (spec 000 §2): a conversation's messages, oldest first, and the reply box. */
export function ConversationPage({ conversationID }: ConversationPageProps) {
  const signedIn = useIsSignedIn();
  const me = useCurrentUser();
  const navigate = useNavigate();
  const conversation = useConversationQuery(conversationID, signedIn);
  const messages = useMessagesQuery(conversationID, MESSAGES_LIMIT, signedIn);
  const leave = useLeaveConversationMutation();
  usePageMeta({ title: conversation.data?.name ?? t('Messages') });
  if (!signedIn) return <PermissionErrorPage />;
  if (conversation.isError)
    return <ErrorPageForError error={conversation.error} recordType="Conversation" />;
  if (conversation.isPending) return <Loader />;
  const data = conversation.data;
  const participantNames = (data.participants ?? [])
    .map((participant) => participant.user?.name ?? '')
    .filter((name) => name !== '');
  const isParticipant = data.countUnread !== undefined;
  // The API answers newest first; the thread reads oldest first.
  const shown = [...(messages.data?.pages ?? [])].flatMap((page) => page.messages).reverse();
  return (
    <main className={styles.page}>
      <div className={styles.header}>
        <h1 className={styles.title}>{data.name}</h1>
        {isParticipant ? (
          <Button
            variant="text"
            isLoading={leave.isPending}
            onClick={() =>
              leave.mutate(conversationID, { onSuccess: () => void navigate(messagesPath()) })
            }
          >
            {t('Leave Conversation')}
          </Button>
        ) : null}
      </div>
      <p className={styles.subtitle}>
        {t('Participants')}: {participantNames.join(', ')}
        {data.countParticipants > participantNames.length
          ? ` ${t('and {count} more', { count: data.countParticipants - participantNames.length })}`
          : null}
      </p>
      <p className={styles.back}>
        <SmartLink to={messagesPath()}>{t('Back to Messages')}</SmartLink>
      </p>
      {messages.isPending ? (
        <Loader />
      ) : messages.isError ? (
        <ErrorPageForError error={messages.error} recordType="Conversation" />
      ) : (
        <>
          {messages.hasNextPage ? (
            <Button
              variant="text"
              isLoading={messages.isFetchingNextPage}
              onClick={() => void messages.fetchNextPage()}
            >
              {t('Show older messages')}
            </Button>
          ) : null}
          {shown.length === 0 ? (
            <p className={styles.empty}>{t('No messages.')}</p>
          ) : (
            <ol className={styles.messages} aria-label={t('Messages')}>
              {shown.map((message) => (
                <MessageItem
                  key={message.messageID}
                  message={message}
                  isMine={message.insertUserID === me.userID}
                />
              ))}
            </ol>
          )}
        </>
      )}
      {isParticipant ? <ReplyForm conversationID={conversationID} /> : null}
    </main>
  );
}
