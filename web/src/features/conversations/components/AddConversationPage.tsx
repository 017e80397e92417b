import { useId, useState, type FormEvent } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { PermissionErrorPage } from '../../../app/errors/ErrorPage.tsx';
import { usePageMeta } from '../../../app/page-meta.tsx';
import { conversationPath } from '../../../app/paths.ts';
import { ApiError } from '../../../lib/api.ts';
import { t } from '../../../lib/i18n.ts';
import { useCurrentUser, usePermission } from '../../../lib/session.ts';
import { isRich2Empty, rich2FromPlainText } from '../../editor/rich2-text.ts';
import {
  useCreateConversationMutation,
  useRecipientsByNameQuery,
} from '../api/conversations.queries.ts';
import { MessageBodyFields } from './MessageBodyFields.tsx';
import styles from './Conversations.module.css';
import { RecipientPicker, type Recipient } from './RecipientPicker.tsx';
import { HydratedFieldset } from '../../../components/form/HydratedFieldset.tsx';

/** The names a compose link gives: `/messages/add/{name}` and `?to=a,b`. */
function namesFromLink(name: string | undefined, to: string | null): string[] {
  const names = [name ?? '', ...(to ?? '').split(',')]
    .map((item) => item.trim())
    .filter((item) => item !== '');
  return [...new Set(names)];
}

/**
 * `/messages/add` (spec 000 §2): recipients (prefilled from `/messages/add/{name}`, the user
 * card's Message button, or `?to=`), an optional subject and the first message (prefilled from
 * `?content=`, Share in Message). Needs `conversations.add`.
 */
export function AddConversationPage() {
  const canAdd = usePermission('conversations.add');
  const me = useCurrentUser();
  const params = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const linkNames = namesFromLink(params.name, search.get('to'));
  const prefilled = useRecipientsByNameQuery(linkNames);
  // null until the member changes them: then the link's users (once found) are the recipients.
  const [chosen, setChosen] = useState<Recipient[] | null>(null);
  const recipients = chosen ?? (prefilled.data ?? []).filter((user) => user.userID !== me.userID);
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState(() => {
    const content = search.get('content');
    return content ? rich2FromPlainText(content) : '';
  });
  const [error, setError] = useState<ApiError | null>(null);
  const mutation = useCreateConversationMutation();
  const subjectID = useId();
  usePageMeta({ title: t('New Message') });

  if (!canAdd) return <PermissionErrorPage />;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (recipients.length === 0 || isRich2Empty(body) || mutation.isPending) return;
    setError(null);
    mutation.mutate(
      {
        participantUserIDs: recipients.map((recipient) => recipient.userID),
        initialBody: body,
        initialFormat: 'rich2',
        ...(subject.trim() === '' ? {} : { name: subject.trim() }),
      },
      {
        onSuccess: (conversation) => void navigate(conversationPath(conversation.conversationID)),
        onError: (caught) =>
          setError(
            caught instanceof ApiError
              ? caught
              : new ApiError(t('Something has gone wrong.'), { status: 0 }),
          ),
      },
    );
  };
  const bodyErrors = error?.fieldMessages('initialBody') ?? [];
  const recipientErrors = error?.fieldMessages('participantUserIDs') ?? [];
  const otherError =
    error !== null && bodyErrors.length === 0 && recipientErrors.length === 0
      ? (error.description ?? error.message)
      : null;
  return (
    <main className={styles.page}>
      <h1 className={styles.title}>{t('New Message')}</h1>
      <form className={styles.form} onSubmit={handleSubmit}>
        <HydratedFieldset>
          <RecipientPicker
            recipients={recipients}
            onChange={setChosen}
            excludeUserIDs={[me.userID]}
            error={recipientErrors.length > 0 ? recipientErrors.join(' ') : undefined}
          />
          <div className={styles.field}>
            <label htmlFor={subjectID}>{t('Subject (optional)')}</label>
            <input
              id={subjectID}
              className={styles.input}
              value={subject}
              maxLength={255}
              onChange={(event) => setSubject(event.target.value)}
            />
          </div>
          <MessageBodyFields
            value={body}
            onChange={setBody}
            bodyErrors={bodyErrors}
            otherError={otherError}
            isPending={mutation.isPending}
            disabled={recipients.length === 0 || isRich2Empty(body)}
          />
        </HydratedFieldset>
      </form>
    </main>
  );
}
