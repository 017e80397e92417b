import { LazyRichEditor } from '../../editor/LazyRichEditor.tsx';

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
  return <LazyRichEditor {...props} />;
}
