import type { HistoryEditor } from 'slate-history';
import type { ReactEditor } from 'slate-react';
import type { Rich2Element, Rich2Text } from '../rich2.ts';

// The editor's node vocabulary is rich2's (interfaces.md).
declare module 'slate' {
  interface CustomTypes {
    Editor: ReactEditor & HistoryEditor;
    Element: Rich2Element;
    Text: Rich2Text;
  }
}

export {};
