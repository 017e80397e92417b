import { useState } from 'react';
import { Editor, type Range } from 'slate';
import { ReactEditor } from 'slate-react';
import { ApiError } from '../../lib/api.ts';
import { t } from '../../lib/i18n.ts';
import { fetchUploadLimits, uploadMedia } from '../media/api/media.api.ts';
import type { ImageEmbedData } from './rich2.ts';
import { insertImage } from './slate/inserts.ts';
import { checkImageFile } from './upload.ts';

/**
 * Images the editor uploads (toolbar, paste, drop): each file is checked, uploaded through the
 * media API and inserted where the caret was when it was chosen. `uploading` names the files on
 * their way, `uploadError` says why the last one failed.
 */
export function useImageUploads(editor: Editor) {
  const [uploading, setUploading] = useState<string[]>([]);
  const [uploadError, setUploadError] = useState<string | null>(null);

  const uploadImages = async (files: readonly File[], at: Range | null) => {
    setUploadError(null);
    const limits = await fetchUploadLimits();
    for (const file of files) {
      const problem = checkImageFile(file, limits);
      if (problem !== null) {
        setUploadError(problem);
        continue;
      }
      const place = at ?? editor.selection;
      const ref = place === null ? null : Editor.rangeRef(editor, place);
      setUploading((names) => [...names, file.name]);
      try {
        const media = await uploadMedia(file, limits);
        const embedData: ImageEmbedData = { url: media.url, name: media.name };
        if (typeof media.width === 'number') embedData.width = media.width;
        if (typeof media.height === 'number') embedData.height = media.height;
        insertImage(editor, embedData, ref?.current ?? null);
      } catch (caught) {
        setUploadError(
          caught instanceof ApiError
            ? (caught.fieldMessages('file')[0] ?? caught.message)
            : t('Something has gone wrong.'),
        );
      } finally {
        ref?.unref();
        setUploading((names) => {
          const index = names.indexOf(file.name);
          return index === -1 ? names : [...names.slice(0, index), ...names.slice(index + 1)];
        });
      }
    }
  };

  // Slate reads the page's selection at most every 100 ms: a caret moved just before the image
  // was chosen is read from the page, so the image lands where the caret is.
  const selectionNow = (): Range | null => {
    const domSelection = window.getSelection();
    if (
      domSelection !== null &&
      domSelection.rangeCount > 0 &&
      ReactEditor.hasDOMNode(editor, domSelection.anchorNode as globalThis.Node)
    ) {
      const range = ReactEditor.toSlateRange(editor, domSelection, {
        exactMatch: false,
        suppressThrow: true,
      });
      if (range !== null) return range;
    }
    return editor.selection;
  };

  return { uploading, uploadError, uploadImages, selectionNow };
}
