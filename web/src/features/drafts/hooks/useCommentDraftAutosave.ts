import type { CreateDraftInput } from '../../../../../common/src/api/drafts.ts';
import { isRich2Empty, rich2ToPlainText } from '../../editor/rich2-text.ts';
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
      const page = await fetchDrafts({ draftStatus: 'draft', recordType: 'comment', parentRecordID: discussionID, limit: 100 });
      return page.drafts.find((draft) => draft.recordID === undefined) ?? null;
    },
    onRestored: showToast,
  });
}

export interface UseCommentEditDraftAutosaveOptions {
  discussionID: number;
  commentID: number;
  value: string;
  setValue: (value: string) => void;
  enabled: boolean;
  editorElementID: string;
}

/** The server draft of an edit of an existing comment (api-contract §23: `recordID` is the comment). */
export function commentEditDraftInput(discussionID: number, commentID: number, body: string): CreateDraftInput {
  return {
    recordType: 'comment',
    recordID: commentID,
    parentRecordType: 'discussion',
    parentRecordID: discussionID,
    attributes: { body, format: 'rich2', draftType: 'comment', draftMeta: { format: 'rich2' } },
  };
}

/**
 * Autosave of the inline edit of an existing comment (issue 16): a comment draft whose `recordID`
 * is the comment, kept apart from the create-comment box's draft; a draft restored when the edit
 * opens shows the draft toast.
 */
export function useCommentEditDraftAutosave(options: UseCommentEditDraftAutosaveOptions): DraftAutosave {
  const { discussionID, commentID } = options;
  const showToast = useSavedDraftToast(options.editorElementID);
  return useDraftAutosave({
    storageKey: `comment:edit:${commentID}`,
    value: options.value,
    setValue: options.setValue,
    enabled: options.enabled,
    isEmpty: isRich2Empty,
    toDraft: (body) => commentEditDraftInput(discussionID, commentID, body),
    findServerDraft: async () => {
      // GET /drafts has no recordID filter: the discussion's comment drafts, this comment's among them.
      const page = await fetchDrafts({ draftStatus: 'draft', recordType: 'comment', parentRecordID: discussionID, limit: 100 });
      return page.drafts.find((draft) => draft.recordID === commentID) ?? null;
    },
    onRestored: showToast,
  });
}
