import { rich2ToPlainText } from '../../editor/rich2-text.ts';
import { isRich2Empty } from '../../editor/rich2-text.ts';
import { fetchDrafts } from '../api/drafts.api.ts';
import { useDraftAutosave, type DraftAutosave } from './useDraftAutosave.ts';
import { useSavedDraftToast } from './useSavedDraftToast.tsx';

export interface UseCommentDraftAutosaveOptions {
  discussionID: number;
  value: string;
  setValue: (value: string) => void;
  enabled: boolean;
  /** The id of the element the draft toast scrolls to. */
  editorElementID: string;
}

/** The plain text of a rich2 body (the conflict view shows both versions as text). */
export function commentDraftText(body: string): string {
  return rich2ToPlainText(body);
}

/**
 * Autosave of a discussion's create-comment box (api-contract §23): a comment draft whose parent
 * is the discussion; a draft restored on load shows the draft toast.
 */
export function useCommentDraftAutosave(options: UseCommentDraftAutosaveOptions): DraftAutosave {
  const { discussionID } = options;
  const showToast = useSavedDraftToast(options.editorElementID);
  return useDraftAutosave({
    storageKey: `comment:${discussionID}`,
    value: options.value,
    setValue: options.setValue,
    enabled: options.enabled,
    isEmpty: isRich2Empty,
    toDraft: (body) => ({
      recordType: 'comment',
      parentRecordType: 'discussion',
      parentRecordID: discussionID,
      attributes: { body, format: 'rich2', draftType: 'comment', draftMeta: { format: 'rich2' } },
    }),
    findServerDraft: async () => {
      const page = await fetchDrafts({ draftStatus: 'draft', recordType: 'comment', parentRecordID: discussionID, limit: 5 });
      return page.drafts.find((draft) => draft.recordID === undefined) ?? null;
    },
    onRestored: showToast,
  });
}
