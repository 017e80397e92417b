import { lazy, Suspense, useState } from 'react';
import { MAX_COMMENT_DEPTH } from '../../../../../common/src/api/comments.constants.ts';
import { has } from '../../../../../common/src/permissions/has.ts';
import { Avatar } from '../../../components/Avatar.tsx';
import { DateTime } from '../../../components/DateTime.tsx';
import { LazyConfirmModal } from '../../../components/LazyModal.tsx';
import { useErrorToast } from '../../../components/toast-context.tsx';
import { commentPath } from '../../../app/paths.ts';
import { ApiError } from '../../../lib/api.ts';
import { t } from '../../../lib/i18n.ts';
import { useConfigValue } from '../../../lib/bootstrap.ts';
import { useCurrentUser, usePermissionSet } from '../../../lib/session.ts';
import { errorText } from '../../discussions/api/discussion-actions.queries.ts';
import { CopyLinkButton } from '../../discussions/components/page/CopyLinkButton.tsx';
import type { Comment } from '../../../../../common/src/api/comments.ts';
import type { Discussion } from '../../../../../common/src/api/discussions.ts';
import type { UserFragment } from '../../../../../common/src/api/users.ts';
import { recordReportsPath } from '../../discussions/components/page/page-links.ts';
import { UserContent } from '../../discussions/components/page/UserContent.tsx';
import { UserCardLink } from '../../users/components/UserCardLink.tsx';
import { ReactionsBar } from '../../reactions/components/ReactionsBar.tsx';
import { fetchCommentEdit, fetchCommentQuote } from '../api/comments.api.ts';
import { useDeleteCommentMutation, usePostCommentMutation } from '../api/comments.queries.ts';
import { getCreateCommentDraft, setCreateCommentDraft } from '../hooks/create-comment-draft.ts';
import { useEditFromLink } from '../hooks/useEditFromLink.ts';
import { emptyRich2Value } from '../../editor/rich2.ts';

const ReportModal = lazy(async () => ({
  default: (await import('../../reports/components/ReportModal.tsx')).ReportModal,
}));
import { isRich2Empty } from '../../editor/rich2-text.ts';
import { appendQuote } from '../append-quote.ts';
import { CommentForm } from './CommentForm.tsx';
import { EditCommentForm } from './EditCommentForm.tsx';
import { createCommentElementID, scrollToComment } from './CreateComment.tsx';
import styles from './CommentThread.module.css';
import { AppLink } from '../../../components/AppLink.tsx';

export interface CommentItemProps {
  comment: Comment;
  discussion: Discussion;
  depth: number;
}

type Mode =
  | { kind: 'view' }
  | { kind: 'reply'; value: string }
  | { kind: 'edit'; source: string };

/**
 * One comment of the thread (spec 000 §2): author, date, body (a placeholder for tombstones),
 * reactions, Reply (inline editor), Quote, Edit (inline), Delete, copy link and, for moderators,
 * the report count.
 */
export function CommentItem({ comment, discussion, depth }: CommentItemProps) {
  const me = useCurrentUser();
  const permissions = usePermissionSet();
  const showError = useErrorToast();
  const postMutation = usePostCommentMutation(discussion.discussionID);
  const deleteMutation = useDeleteCommentMutation(discussion.discussionID, comment.commentID);
  const [mode, setMode] = useState<Mode>({ kind: 'view' });
  const [isBusy, setIsBusy] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<'discardDraft' | 'delete' | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [isReporting, setIsReporting] = useState(false);
  // api-contract §27.2: members with flag.add report posts while reporting is on.
  const reportingEnabled = useConfigValue('featureFlags.escalations.Enabled', false);

  const isTombstone = comment.displayType === 'tombstone';
  const author: UserFragment = comment.insertUser ?? {
    userID: comment.insertUserID,
    name: t('Unknown'),
    photoUrl: '',
  };
  const category = { resourceType: 'category' as const, resourceID: discussion.categoryID };
  const isModerator = has(permissions, 'community.moderate');
  const canAdd =
    me.userID !== 0 &&
    (comment.permissions?.['comments.add'] ??
      discussion.permissions?.['comments.add'] ??
      has(permissions, 'comments.add', category));
  const canEdit =
    me.userID !== 0 &&
    (comment.permissions?.['comments.edit'] ??
      (isModerator ||
        has(permissions, 'comments.edit', category) ||
        comment.insertUserID === me.userID));
  const canDelete =
    me.userID !== 0 &&
    (comment.permissions?.['comments.delete'] ??
      (isModerator || has(permissions, 'comments.delete', category)));
  const countReports = comment.reportMeta?.countReports ?? comment.countReports ?? 0;
  const canSeeReports = isModerator || has(permissions, 'posts.moderate', category);
  const canReport = reportingEnabled && me.userID !== 0 && !isTombstone && has(permissions, 'flag.add');
  const isEdited =
    comment.dateUpdated !== null &&
    comment.dateUpdated !== undefined &&
    comment.dateUpdated !== comment.dateInserted;

  const openReply = () => {
    if (!isRich2Empty(getCreateCommentDraft(discussion.discussionID))) {
      setConfirm('discardDraft');
      return;
    }
    setFormError(null);
    setMode({ kind: 'reply', value: emptyRich2Value() });
  };

  const handleQuote = async () => {
    try {
      const quote = await fetchCommentQuote(comment.commentID);
      const name = quote.insertUser?.name ?? author.name;
      const next = appendQuote(
        getCreateCommentDraft(discussion.discussionID),
        { authorName: name, bodyRaw: quote.bodyRaw, format: quote.format },
        t('{name} wrote:', { name }),
      );
      setCreateCommentDraft(discussion.discussionID, next);
      document
        .getElementById(createCommentElementID)
        ?.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
    } catch (error) {
      showError(error);
    }
  };

  const openEdit = async () => {
    setIsBusy(true);
    try {
      const source = await fetchCommentEdit(comment.commentID);
      setFormError(null);
      setMode({ kind: 'edit', source: source.body });
    } catch (error) {
      showError(error);
    } finally {
      setIsBusy(false);
    }
  };

  // Issue 16: the drafts page links a draft of this comment's edit here, with the edit open.
  useEditFromLink(comment.commentID, canEdit && !isTombstone, () => void openEdit());

  const submitReply = async () => {
    if (mode.kind !== 'reply' || isRich2Empty(mode.value)) return;
    setIsBusy(true);
    setFormError(null);
    try {
      const result = await postMutation.mutateAsync({
        body: mode.value,
        format: 'rich2',
        parentCommentID: comment.commentID,
      });
      if (result.kind === 'pending') {
        setFormError(result.message || t('Your comment will appear after it is approved.'));
        setMode({ kind: 'reply', value: emptyRich2Value() });
      } else {
        setMode({ kind: 'view' });
        scrollToComment(result.comment.commentID);
      }
    } catch (error) {
      setFormError(
        error instanceof ApiError
          ? (error.fieldMessages('body')[0] ?? errorText(error))
          : errorText(error),
      );
    } finally {
      setIsBusy(false);
    }
  };

  const handleDelete = async () => {
    setIsBusy(true);
    setDeleteError(null);
    try {
      await deleteMutation.mutateAsync();
      setConfirm(null);
    } catch (error) {
      setDeleteError(errorText(error));
    } finally {
      setIsBusy(false);
    }
  };

  if (isTombstone) {
    return (
      <div className={`${styles.comment} ${styles.tombstone}`}>
        <p>{t('This comment has been deleted.')}</p>
      </div>
    );
  }

  return (
    <div className={styles.comment}>
      <div className={styles.commentHeader}>
        <Avatar photoUrl={author.photoUrl} name={author.name} size="medium" isDecorative />
        <div className={styles.commentMeta}>
          <UserCardLink className={styles.author} user={author} />
          <span className={styles.subMeta}>
            <AppLink className={styles.permalink} to={commentPath(comment.commentID)}>
              <DateTime date={comment.dateInserted} />
            </AppLink>
            {isEdited ? <span className={styles.edited}>{t('Edited')}</span> : null}
            {canSeeReports && countReports > 0 ? (
              <a
                className={styles.reports}
                href={recordReportsPath('comment', comment.commentID)}
                target="_blank"
                rel="noopener noreferrer"
              >
                {t('{count} reports', { count: countReports })}
              </a>
            ) : null}
          </span>
        </div>
      </div>
      {mode.kind === 'edit' ? (
        <EditCommentForm
          comment={comment}
          discussionID={discussion.discussionID}
          source={mode.source}
          onSaved={() => setMode({ kind: 'view' })}
          onCancel={() => setMode({ kind: 'view' })}
        />
      ) : (
        <UserContent html={comment.body ?? ''} className={styles.commentBody} />
      )}
      <div className={styles.commentFooter}>
        <ReactionsBar
          recordType="comment"
          recordID={comment.commentID}
          reactions={comment.reactions ?? []}
          score={comment.score}
          canReact={canAdd}
        />
        <div className={styles.commentActions}>
          {canAdd && depth < MAX_COMMENT_DEPTH ? (
            <button
              type="button"
              className={styles.action}
              onClick={openReply}
              aria-expanded={mode.kind === 'reply'}
            >
              {t('Reply')}
            </button>
          ) : null}
          {canAdd ? (
            <button type="button" className={styles.action} onClick={() => void handleQuote()}>
              {t('Quote')}
            </button>
          ) : null}
          {canEdit && mode.kind !== 'edit' ? (
            <button
              type="button"
              className={styles.action}
              disabled={isBusy}
              onClick={() => void openEdit()}
            >
              {t('Edit')}
            </button>
          ) : null}
          {canDelete ? (
            <button type="button" className={styles.action} onClick={() => setConfirm('delete')}>
              {t('Delete')}
            </button>
          ) : null}
          {canReport ? (
            <button type="button" className={styles.action} onClick={() => setIsReporting(true)}>
              {t('Report')}
            </button>
          ) : null}
          <CopyLinkButton
            url={commentPath(comment.commentID)}
            label={t('Copy Link')}
            className={styles.iconAction}
          />
        </div>
      </div>
      {isReporting ? (
        <Suspense fallback={null}>
          <ReportModal recordType="comment" recordID={comment.commentID} onClose={() => setIsReporting(false)} />
        </Suspense>
      ) : null}
      {mode.kind === 'reply' ? (
        <CommentForm
          label={t('Reply to {name}', { name: author.name })}
          value={mode.value}
          error={formError}
          isBusy={isBusy}
          submitLabel={t('Post Reply')}
          shouldFocus
          onChange={(value) => setMode({ kind: 'reply', value })}
          onSubmit={() => void submitReply()}
          onCancel={() => setMode({ kind: 'view' })}
        />
      ) : null}
      {confirm === 'discardDraft' ? (
        <LazyConfirmModal
          title={t('Discard Draft')}
          message={t(
            'You have an unposted draft, replying to this comment will discard your draft. Are you sure you want to discard it?',
          )}
          confirmLabel={t('Discard')}
          onCancel={() => setConfirm(null)}
          onConfirm={() => {
            setCreateCommentDraft(discussion.discussionID, '');
            setConfirm(null);
            setFormError(null);
            setMode({ kind: 'reply', value: emptyRich2Value() });
          }}
        />
      ) : null}
      {confirm === 'delete' ? (
        <LazyConfirmModal
          title={t('Delete Comment')}
          message={t('Are you sure you want to delete this comment?')}
          confirmLabel={t('Delete')}
          isBusy={isBusy}
          error={deleteError}
          onCancel={() => setConfirm(null)}
          onConfirm={() => void handleDelete()}
        />
      ) : null}
    </div>
  );
}
