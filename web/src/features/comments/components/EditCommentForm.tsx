import { useState } from 'react';
import type { Comment } from '../../../../../common/src/api/comments.ts';
import { ApiError } from '../../../lib/api.ts';
import { t } from '../../../lib/i18n.ts';
import { useIsSignedIn } from '../../../lib/session.ts';
import { errorText } from '../../discussions/api/discussion-actions.queries.ts';
import { DraftSaveStatus } from '../../drafts/components/DraftSaveStatus.tsx';
import { commentDraftText, useCommentEditDraftAutosave } from '../../drafts/hooks/useCommentDraftAutosave.ts';
import { isRich2Empty } from '../../editor/rich2-text.ts';
import { usePatchCommentMutation } from '../api/comments.queries.ts';
import { CommentForm } from './CommentForm.tsx';

export interface EditCommentFormProps {
  comment: Pick<Comment, 'commentID'>;
  discussionID: number;
  /** The comment's source as `GET /comments/{id}/edit` gave it. */
  source: string;
  /** The edit was saved (or is waiting for approval: the form stays with the server's message). */
  onSaved: () => void;
  onCancel: () => void;
}

/** The element id of a comment's edit form (the draft toast scrolls to it). */
export function editCommentElementID(commentID: number): string {
  return `EditComment_${commentID}`;
}

/**
 * The inline edit of an existing comment (spec 000 §2 Edit) with its autosave (issue 16): the
 * text is kept locally at once and saved 5 s after typing as a draft of this comment; a saved
 * draft is restored (with the draft toast) when the edit opens again; Save deletes the draft.
 */
export function EditCommentForm({ comment, discussionID, source, onSaved, onCancel }: EditCommentFormProps) {
  const isSignedIn = useIsSignedIn();
  const patchMutation = usePatchCommentMutation(discussionID, comment.commentID);
  const [value, setValue] = useState(source);
  const [isBusy, setIsBusy] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const elementID = editCommentElementID(comment.commentID);
  const autosave = useCommentEditDraftAutosave({
    discussionID,
    commentID: comment.commentID,
    value,
    setValue,
    enabled: isSignedIn,
    editorElementID: elementID,
  });

  const submit = async () => {
    if (isRich2Empty(value) || isBusy) return;
    setIsBusy(true);
    setFormError(null);
    try {
      const result = await patchMutation.mutateAsync({
        body: value,
        format: 'rich2',
        ...(autosave.draftID === null ? {} : { draftID: autosave.draftID }),
      });
      autosave.clear();
      if (result.kind === 'created') onSaved();
      else setFormError(result.message);
    } catch (error) {
      setFormError(
        error instanceof ApiError ? (error.fieldMessages('body')[0] ?? errorText(error)) : errorText(error),
      );
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <CommentForm
      id={elementID}
      label={t('Edit comment')}
      value={value}
      error={formError}
      isBusy={isBusy}
      submitLabel={t('Save')}
      status={<DraftSaveStatus autosave={autosave} toText={commentDraftText} />}
      onChange={setValue}
      onSubmit={() => void submit()}
      onCancel={onCancel}
    />
  );
}
