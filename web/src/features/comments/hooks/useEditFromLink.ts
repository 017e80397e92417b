import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { EDIT_COMMENT_PARAM } from '../../../../../common/src/api/drafts.ts';

/**
 * Opens a comment's edit editor once when the page's link asks for it (`?editComment={id}`, the
 * drafts page's link to a draft of a comment edit, issue 16); the editor then restores the draft.
 * Waits until the viewer may edit (permissions load after the first render).
 */
export function useEditFromLink(commentID: number, canEdit: boolean, openEdit: () => void): void {
  const location = useLocation();
  const isRequested = new URLSearchParams(location.search).get(EDIT_COMMENT_PARAM) === String(commentID);
  // Once per navigation: Cancel or Save must not reopen it while the link stays in the address bar.
  const handledKey = useRef<string | null>(null);

  useEffect(() => {
    if (!isRequested || !canEdit || handledKey.current === location.key) return;
    handledKey.current = location.key;
    openEdit();
  }, [isRequested, canEdit, location.key, openEdit]);
}
