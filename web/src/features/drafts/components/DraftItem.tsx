import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { DraftListItem } from '../../../../../common/src/api/drafts.ts';
import { Button } from '../../../components/Button.tsx';
import { DateTime } from '../../../components/DateTime.tsx';
import { SmartLink } from '../../../components/SmartLink.tsx';
import { useErrorToast, useToasts } from '../../../components/toast-context.tsx';
import { t } from '../../../lib/i18n.ts';
import { publishDraft } from '../api/drafts.api.ts';
import { useCancelScheduleMutation, useDeleteDraftMutation, draftKeys } from '../api/drafts.queries.ts';
import { ScheduleDraftControl } from './ScheduleDraftControl.tsx';
import { useQueryClient } from '@tanstack/react-query';
import styles from './DraftsPage.module.css';

export interface DraftItemProps {
  draft: DraftListItem;
  canSchedule: boolean;
}

/** An absolute URL of this site as a path the router opens (`editUrl`, `permaLink`). */
function toPath(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.pathname}${parsed.search}${parsed.hash}`;
  } catch {
    return url;
  }
}

function titleOf(draft: DraftListItem): string {
  if (draft.recordType === 'comment' && draft.recordID !== undefined) {
    return draft.name ? t('Edit of your comment in {name}', { name: draft.name }) : t('Edit of your comment');
  }
  if (draft.recordType === 'comment') return draft.name ? t('Reply to {name}', { name: draft.name }) : t('Reply');
  return draft.name || t('(Untitled)');
}

/** One draft of the drafts page: what it is, when, why it failed, and its actions. */
export function DraftItem({ draft, canSchedule }: DraftItemProps) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const { addToast } = useToasts();
  const showError = useErrorToast();
  const remove = useDeleteDraftMutation();
  const cancel = useCancelScheduleMutation();
  const [isConfirming, setIsConfirming] = useState(false);
  const [isPublishing, setIsPublishing] = useState(false);
  const title = titleOf(draft);

  const handlePublish = async () => {
    setIsPublishing(true);
    try {
      const result = await publishDraft(draft);
      await client.invalidateQueries({ queryKey: draftKeys.all });
      if (result.kind === 'pending') addToast({ body: result.message, autoDismiss: true });
      else if (result.url !== null) await navigate(toPath(result.url));
    } catch (error) {
      showError(error);
    } finally {
      setIsPublishing(false);
    }
  };

  return (
    <li className={styles.item}>
      <article aria-label={title} className={styles.article}>
        <h2 className={styles.itemTitle}>
          {draft.editUrl ? <SmartLink to={toPath(draft.editUrl)}>{title}</SmartLink> : title}
        </h2>
        {draft.breadCrumbs && draft.breadCrumbs.length > 0 ? (
          <p className={styles.crumbs}>{draft.breadCrumbs.map((crumb) => crumb.name).join(' › ')}</p>
        ) : null}
        {draft.excerpt ? <p className={styles.excerpt}>{draft.excerpt}</p> : null}
        <p className={styles.meta}>
          {draft.draftStatus === 'scheduled' && draft.dateScheduled ? (
            <>
              {t('Scheduled for')} <DateTime date={draft.dateScheduled} mode="fixed" />
            </>
          ) : (
            <>
              {t('Last saved')} <DateTime date={draft.dateUpdated ?? draft.dateInserted} />
            </>
          )}
        </p>
        {draft.draftStatus === 'error' && draft.failedReason ? (
          <p className={styles.failed}>
            <strong>{t('Not published:')}</strong> {draft.failedReason}
          </p>
        ) : null}
        <div className={styles.actions}>
          {draft.editUrl ? (
            <SmartLink to={toPath(draft.editUrl)} className={styles.actionLink}>
              {t('Edit')}
            </SmartLink>
          ) : null}
          <Button onClick={() => void handlePublish()} isLoading={isPublishing}>
            {t('Publish now')}
          </Button>
          {draft.draftStatus !== 'draft' ? (
            <Button onClick={() => cancel.mutate(draft.draftID, { onError: showError })} isLoading={cancel.isPending}>
              {draft.draftStatus === 'scheduled' ? t('Cancel schedule') : t('Back to drafts')}
            </Button>
          ) : null}
          {isConfirming ? (
            <span role="group" aria-label={t('Delete this draft?')} className={styles.confirm}>
              {t('Delete this draft?')}
              <Button
                variant="primary"
                onClick={() => remove.mutate(draft.draftID, { onError: showError, onSettled: () => setIsConfirming(false) })}
                isLoading={remove.isPending}
              >
                {t('Delete')}
              </Button>
              <Button onClick={() => setIsConfirming(false)}>{t('Cancel')}</Button>
            </span>
          ) : (
            <Button onClick={() => setIsConfirming(true)}>{t('Delete')}</Button>
          )}
        </div>
        {canSchedule && draft.draftStatus !== 'error' ? (
          <ScheduleDraftControl
            draftID={draft.draftID}
            draftInput={() => ({
              recordType: draft.recordType,
              attributes: draft.attributes,
              ...(draft.recordID === undefined ? {} : { recordID: draft.recordID }),
              ...(draft.parentRecordType === undefined ? {} : { parentRecordType: draft.parentRecordType }),
              ...(draft.parentRecordID === undefined ? {} : { parentRecordID: draft.parentRecordID }),
            })}
            onScheduled={() => void client.invalidateQueries({ queryKey: draftKeys.all })}
          />
        ) : null}
      </article>
    </li>
  );
}
