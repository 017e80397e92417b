import { lazy, Suspense } from 'react';

// The editor (even its plain-text stand-in) loads when a comment box is shown: guests, who get
// no comment box, never download it (issue 4 first load).
const LazyRichEditor = lazy(() => import('../../editor/LazyRichEditor.tsx'));

export interface CommentEditorProps {
  value: string;
  onChange: (value: string) => void;
  label: string;
  placeholder?: string;
  autoFocus?: boolean;
  error?: string;
  id?: string;
}

/** The rich editor of the comment boxes (the editor helper's, loaded on demand). */
export function CommentEditor(props: CommentEditorProps) {
  return (
    <Suspense fallback={null}>
      <LazyRichEditor {...props} />
    </Suspense>
  );
}
