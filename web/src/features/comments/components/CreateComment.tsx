import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { has } from '../../../../../common/src/permissions/has.ts';
import { Button } from '../../../components/Button.tsx';
import { registerPath, signInPath } from '../../../app/paths.ts';
import { ApiError } from '../../../lib/api.ts';
import { t } from '../../../lib/i18n.ts';
import { useIsSignedIn, usePermissionSet } from '../../../lib/session.ts';
import { useDiscussionRecord } from '../../discussions/api/discussion-actions.queries.ts';
import type { Discussion } from '../../../../../common/src/api/discussions.ts';
import { usePostCommentMutation } from '../api/comments.queries.ts';
import { useCreateCommentDraft } from '../hooks/create-comment-draft.ts';
import { isRich2Empty } from '../../editor/rich2-text.ts';
import { CommentEditor } from './CommentEditor.tsx';
import styles from './CreateComment.module.css';
import {
  commentDraftText,
  useCommentDraftAutosave,
} from '../../drafts/hooks/useCommentDraftAutosave.ts';
import { DraftSaveStatus } from '../../drafts/components/DraftSaveStatus.tsx';
import { HydratedFieldset } from '../../../components/form/HydratedFieldset.tsx';

export interface CreateCommentProps {
  discussion: Discussion;
}

/** The element id of the create-comment box (Quote scrolls to it). */
export const createCommentElementID = 'CreateComment';

/** Scrolls to a comment once it is rendered. */
export function scrollToComment(commentID: number): void {
  requestAnimationFrame(() => {
    const element = document.getElementById(`Comment_${commentID}`);
    element?.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
    element?.setAttribute('data-focused', 'true');
  });
}

/** 'Sign In or Register to comment.' with both words as links (the target is this page). */
function SignInToComment({ target }: { target: string }) {
  const text = t('Sign In or Register to comment.');
  const signIn = t('Sign In');
  const register = t('Register');
  const parts: ReactNode[] = [];
  let rest = text;
  for (const [word, to] of [
    [signIn, signInPath({ target })],
    [register, registerPath({ target })],
  ] as const) {
    const index = rest.indexOf(word);
    if (index < 0) continue;
    parts.push(rest.slice(0, index));
    parts.push(
      <Link key={word} to={to} className={styles.signInLink}>
        {word}
      </Link>,
    );
    rest = rest.slice(index + word.length);
  }
  parts.push(rest);
  return <p className={styles.notice}>{parts}</p>;
}

/**
 * The comment box under the thread (spec 000 §2 create comment): the editor and 'Post Comment';
 * closed discussions take comments only from holders of discussions.close; guests are asked to
 * sign in; a premoderated comment shows the server's message; a new comment joins the thread.
 */
export function CreateComment({ discussion: initial }: CreateCommentProps) {
  const discussion = useDiscussionRecord(initial);
  const isSignedIn = useIsSignedIn();
  const permissions = usePermissionSet();
  const location = useLocation();
  const postMutation = usePostCommentMutation(discussion.discussionID);
  const [draft, setDraft] = useCreateCommentDraft(discussion.discussionID);
  const [error, setError] = useState<ApiError | null>(null);
  const [pendingMessage, setPendingMessage] = useState<string | null>(null);
  const [isPosting, setIsPosting] = useState(false);
  const headingID = useId();
  const target = `${location.pathname}${location.search}`;

  const category = { resourceType: 'category' as const, resourceID: discussion.categoryID };
  const canClose =
    discussion.permissions?.['discussions.close'] ??
    has(permissions, 'discussions.close', category);
  const canComment =
    discussion.permissions?.['comments.add'] ?? has(permissions, 'comments.add', category);
  // Issue 16: the box's text is kept locally at once and saved as a server draft 5 s after typing.
  const autosave = useCommentDraftAutosave({
    discussionID: discussion.discussionID,
    value: draft,
    setValue: setDraft,
    enabled: isSignedIn && canComment && (!discussion.closed || canClose),
    editorElementID: createCommentElementID,
  });

  if (discussion.closed && !canClose) {
    return (
      <section id={createCommentElementID} className={styles.box} aria-label={t('Leave a comment')}>
        <p className={styles.notice}>{t('This discussion has been closed.')}</p>
      </section>
    );
  }
  if (!isSignedIn) {
    return (
      <section id={createCommentElementID} className={styles.box} aria-label={t('Leave a comment')}>
        <SignInToComment target={target} />
      </section>
    );
  }
  if (!canComment) return null;

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (isRich2Empty(draft) || isPosting) return;
    setIsPosting(true);
    setError(null);
    setPendingMessage(null);
    try {
      const result = await postMutation.mutateAsync({
        body: draft,
        format: 'rich2',
        ...(autosave.draftID === null ? {} : { draftID: autosave.draftID }),
      });
      autosave.clear();
      setDraft('');
      if (result.kind === 'pending') {
        setPendingMessage(result.message || t('Your comment will appear after it is approved.'));
      } else {
        scrollToComment(result.comment.commentID);
      }
    } catch (caught) {
      setError(
        caught instanceof ApiError
          ? caught
          : new ApiError(t('Something has gone wrong.'), { status: 0 }),
      );
    } finally {
      setIsPosting(false);
    }
  };

  const bodyErrors = error?.fieldMessages('body') ?? [];
  const otherError =
    error !== null && bodyErrors.length === 0 ? (error.description ?? error.message) : null;

  return (
    <section id={createCommentElementID} className={styles.box} aria-labelledby={headingID}>
      <h2 id={headingID} className={styles.heading}>
        {t('Leave a comment')}
      </h2>
      {discussion.closed ? (
        <p className={styles.closedNote}>{t('This discussion has been closed.')}</p>
      ) : null}
      <form className={styles.form} onSubmit={(event) => void handleSubmit(event)}>
        <HydratedFieldset>
          <CommentEditor
            value={draft}
            onChange={(value) => {
              setDraft(value);
              if (pendingMessage !== null) setPendingMessage(null);
            }}
            label={t('Comment')}
            placeholder={t('Write a comment…')}
            error={bodyErrors.length > 0 ? bodyErrors.join(' ') : undefined}
          />
          <DraftSaveStatus autosave={autosave} toText={commentDraftText} />
          {otherError !== null ? (
            <p role="alert" className={styles.error}>
              {otherError}
            </p>
          ) : null}
          {pendingMessage !== null ? (
            <p role="status" className={styles.pending}>
              {pendingMessage}
            </p>
          ) : null}
          <div className={styles.actions}>
            <Button
              variant="primary"
              type="submit"
              isLoading={isPosting}
              disabled={isRich2Empty(draft)}
            >
              {t('Post Comment')}
            </Button>
          </div>
        </HydratedFieldset>
      </form>
    </section>
  );
}
