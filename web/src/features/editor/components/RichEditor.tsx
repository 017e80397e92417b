import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type ChangeEvent,
  type ClipboardEvent,
  type DragEvent,
  type KeyboardEvent,
} from 'react';
import { createEditor, Editor, Range, Transforms, type Descendant } from 'slate';
import { withHistory } from 'slate-history';
import { Editable, ReactEditor, Slate, withReact } from 'slate-react';
import { t } from '../../../lib/i18n.ts';
import type { MentionUser } from '../api/mentions.api.ts';
import { parseRich2, serializeRich2, type Rich2Mark } from '../rich2.ts';
import { currentTextBlock, indentListItem, outdentListItem, toggleMark } from '../slate/commands.ts';
import { activeLink, insertMention, removeLink, setLink } from '../slate/inserts.ts';
import { withRich2 } from '../slate/with-rich2.ts';
import { useImageUploads } from '../use-image-uploads.ts';
import { useMentionSuggestions } from '../use-mention-suggestions.ts';
import { renderElement, renderLeaf, renderPlaceholder } from './elements.tsx';
import { LinkDialog } from './LinkDialog.tsx';
import { MentionListbox, mentionOptionID } from './MentionListbox.tsx';
import { Toolbar } from './Toolbar.tsx';
import styles from './RichEditor.module.css';

/** The editor's props (interfaces.md): `value` is a rich2 JSON string. */
export interface RichEditorProps {
  value: string;
  onChange: (value: string) => void;
  label: string;
  placeholder?: string;
  autoFocus?: boolean;
  error?: string;
  /** The id of the editable area. */
  id?: string;
}

/** A Slate editor with history, the DOM and the rich2 rules. */
export function createRichEditor(): Editor {
  return withRich2(withHistory(withReact(createEditor())));
}

/** A typed mention in progress: `@` plus the letters before the caret. */
export interface MentionTarget {
  target: Range;
  query: string;
}

const mentionPattern = /(?:^|[\s([{"'])@([\p{L}\p{N}_.-]{1,64})$/u;

/** The `@name` being typed at the caret (not in code), or null. */
export function findMentionTarget(editor: Editor): MentionTarget | null {
  const { selection } = editor;
  if (selection === null || !Range.isCollapsed(selection)) return null;
  const block = currentTextBlock(editor);
  if (block === undefined || block[0].type === 'code_line') return null;
  if ((Editor.marks(editor) as { code?: boolean } | null)?.code === true) return null;
  const before = Editor.string(editor, {
    anchor: Editor.start(editor, block[1]),
    focus: selection.anchor,
  });
  const match = mentionPattern.exec(before);
  const query = match?.[1];
  if (query === undefined) return null;
  const start = Editor.before(editor, selection.anchor, {
    distance: query.length + 1,
    unit: 'character',
  });
  if (start === undefined) return null;
  return { target: { anchor: start, focus: selection.anchor }, query };
}

function isModifier(event: KeyboardEvent): boolean {
  return (event.ctrlKey || event.metaKey) && !event.altKey;
}

const markShortcuts: Readonly<Record<string, Rich2Mark>> = { b: 'bold', i: 'italic', e: 'code' };

export interface RichEditorViewProps extends Omit<RichEditorProps, 'value'> {
  initialValue: string;
  /** An editor made by `createRichEditor()` (tests drive it directly). */
  editor?: Editor;
}

/**
 * The rich text editor of posts and comments (rich2): marks, headings, quotes, code blocks,
 * lists, spoilers, links, images (button, paste, drop) and @mentions, with an accessible toolbar.
 * The value is read once: a new `value` from the parent remounts it (see `RichEditor`).
 */
export function RichEditorView({
  initialValue,
  onChange,
  label,
  placeholder,
  autoFocus,
  error,
  id,
  editor: givenEditor,
}: RichEditorViewProps) {
  const [editor] = useState(() => givenEditor ?? createRichEditor());
  const [initialNodes] = useState(() => parseRich2(initialValue) as Descendant[]);
  const baseID = useId();
  const editorID = id ?? `${baseID}-editor`;
  const labelID = `${baseID}-label`;
  const errorID = `${baseID}-error`;
  const listboxID = `${baseID}-mentions`;
  const statusID = `${baseID}-status`;

  const [mention, setMention] = useState<MentionTarget | null>(null);
  const [dismissedKey, setDismissedKey] = useState<string | null>(null);
  const [activeIndex, setActiveIndex] = useState(0);
  const [listPosition, setListPosition] = useState({ top: 0, left: 0 });
  const [linkDialog, setLinkDialog] = useState<{
    initialUrl: string | null;
    needsText: boolean;
  } | null>(null);
  const { uploading, uploadError, uploadImages, selectionNow } = useImageUploads(editor);
  const fileInput = useRef<HTMLInputElement>(null);
  const surfaceRef = useRef<HTMLDivElement>(null);

  const mentionKey =
    mention === null
      ? null
      : `${mention.target.anchor.path.join('.')}:${mention.target.anchor.offset}`;
  const mentionQuery = mention !== null && mentionKey !== dismissedKey ? mention.query : null;
  const suggestions = useMentionSuggestions(mentionQuery);
  const isMentionOpen = mentionQuery !== null;
  const options = suggestions.users;
  const hasOptions = isMentionOpen && options.length > 0;
  const currentIndex = Math.min(activeIndex, Math.max(options.length - 1, 0));

  const placeMentionList = (target: Range) => {
    const surface = surfaceRef.current;
    if (surface === null) return;
    try {
      const range = ReactEditor.toDOMRange(editor, Editor.range(editor, target.anchor));
      if (typeof range.getBoundingClientRect !== 'function') return;
      const caret = range.getBoundingClientRect();
      const box = surface.getBoundingClientRect();
      const width = Math.min(280, box.width);
      setListPosition({
        top: Math.round(caret.bottom - box.top + 6),
        left: Math.round(Math.max(0, Math.min(caret.left - box.left, box.width - width))),
      });
    } catch {
      // The '@' is not in the page yet (first render): keep the last position.
    }
  };

  const handleChange = (value: Descendant[]) => {
    if (editor.operations.some((operation) => operation.type !== 'set_selection')) {
      onChange(serializeRich2(value as Parameters<typeof serializeRich2>[0]));
    }
    const next = findMentionTarget(editor);
    if (next?.query !== mention?.query) setActiveIndex(0);
    setMention(next);
    if (next !== null && mention === null) placeMentionList(next.target);
  };

  const chooseMention = (user: MentionUser) => {
    if (mention === null) return;
    insertMention(editor, mention.target, user);
    setMention(null);
    ReactEditor.focus(editor);
  };

  const openLinkDialog = useCallback(() => {
    if (editor.selection === null) {
      Transforms.select(editor, Editor.end(editor, []));
    }
    const link = activeLink(editor);
    setLinkDialog({
      initialUrl: link === undefined ? null : link[0].url,
      needsText:
        link === undefined && (editor.selection === null || Range.isCollapsed(editor.selection)),
    });
  }, [editor]);

  const closeLinkDialog = () => {
    setLinkDialog(null);
  };

  // The caret goes back where the dialog left it (after a new link): focusing the editable
  // element itself would put it at the start of the paragraph.
  const returnFocusToEditor = () => {
    ReactEditor.focus(editor);
  };

  const handleFileChoice = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (files.length > 0) void uploadImages(files, selectionNow());
  };

  const handlePaste = (event: ClipboardEvent<HTMLDivElement>) => {
    const files = Array.from(event.clipboardData.files);
    if (files.length === 0) return;
    event.preventDefault();
    void uploadImages(files, editor.selection);
  };

  const handleDrop = (event: DragEvent<HTMLDivElement>) => {
    const files = Array.from(event.dataTransfer.files);
    if (files.length === 0) return;
    event.preventDefault();
    const range = ReactEditor.findEventRange(editor, event, { suppressThrow: true });
    if (range !== null) Transforms.select(editor, range);
    void uploadImages(files, range ?? editor.selection);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (isMentionOpen) {
      if (event.key === 'Escape') {
        event.preventDefault();
        setDismissedKey(mentionKey);
        return;
      }
      const chosen = options[currentIndex];
      if (hasOptions && chosen !== undefined) {
        if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
          event.preventDefault();
          const step = event.key === 'ArrowDown' ? 1 : -1;
          setActiveIndex((currentIndex + step + options.length) % options.length);
          return;
        }
        if ((event.key === 'Enter' || event.key === 'Tab') && !event.shiftKey) {
          event.preventDefault();
          chooseMention(chosen);
          return;
        }
      }
    }
    if (event.key === 'Tab' && !event.altKey && !event.ctrlKey && !event.metaKey) {
      // Only lists take Tab; elsewhere it moves the focus on, as keyboard users expect.
      const isHandled = event.shiftKey ? outdentListItem(editor) : indentListItem(editor);
      if (isHandled) event.preventDefault();
      return;
    }
    if (!isModifier(event)) return;
    const key = event.key.toLowerCase();
    const markKey = markShortcuts[key];
    if (!event.shiftKey && markKey !== undefined) {
      event.preventDefault();
      toggleMark(editor, markKey);
    } else if (event.shiftKey && key === 'x') {
      event.preventDefault();
      toggleMark(editor, 'strikethrough');
    } else if (!event.shiftKey && key === 'k') {
      event.preventDefault();
      openLinkDialog();
    }
  };

  useEffect(() => {
    // The page asked for the focus (an explicit prop, not the browser's autofocus attribute).
    if (autoFocus === true) ReactEditor.focus(editor);
  }, [autoFocus, editor]);

  const describedBy = [error === undefined || error === '' ? null : errorID, statusID]
    .filter(Boolean)
    .join(' ');
  const isUploading = uploading.length > 0;

  return (
    <div className={styles.field}>
      <div id={labelID} className={styles.label}>
        {label}
      </div>
      <div className={`${styles.frame} ${error ? styles.invalid : ''}`}>
        <Slate editor={editor} initialValue={initialNodes} onChange={handleChange}>
          <Toolbar
            controls={editorID}
            isUploading={isUploading}
            onLink={openLinkDialog}
            onImage={() => fileInput.current?.click()}
          />
          <div ref={surfaceRef} className={styles.surface}>
            <Editable
              id={editorID}
              className={styles.editable}
              aria-labelledby={labelID}
              aria-describedby={describedBy}
              aria-invalid={error ? true : undefined}
              aria-autocomplete={isMentionOpen ? 'list' : undefined}
              aria-controls={hasOptions ? listboxID : undefined}
              aria-activedescendant={
                hasOptions ? mentionOptionID(listboxID, currentIndex) : undefined
              }
              placeholder={placeholder}
              renderElement={renderElement}
              renderLeaf={renderLeaf}
              renderPlaceholder={renderPlaceholder}
              onKeyDown={handleKeyDown}
              onPaste={handlePaste}
              onDrop={handleDrop}
              spellCheck
            />
            {isMentionOpen ? (
              <MentionListbox
                id={listboxID}
                users={options}
                activeIndex={currentIndex}
                isLoading={suggestions.isLoading}
                position={listPosition}
                onChoose={chooseMention}
                onHover={setActiveIndex}
              />
            ) : null}
          </div>
        </Slate>
        <input
          ref={fileInput}
          type="file"
          accept="image/*"
          multiple
          hidden
          aria-label={t('Image')}
          onChange={handleFileChoice}
        />
      </div>
      <div id={statusID} className={styles.status} aria-live="polite">
        {isUploading ? t('Uploading {name}…', { name: uploading.join(', ') }) : null}
        {hasOptions
          ? ` ${t('{count} suggestions. Use the arrow keys to choose, Enter to insert.', { count: options.length })}`
          : null}
      </div>
      {uploadError === null ? null : (
        <p className={styles.uploadError} role="alert">
          {uploadError}
        </p>
      )}
      {error === undefined || error === '' ? null : (
        <p id={errorID} className={styles.error}>
          {error}
        </p>
      )}
      {linkDialog === null ? null : (
        <LinkDialog
          initialUrl={linkDialog.initialUrl}
          needsText={linkDialog.needsText}
          onCancel={closeLinkDialog}
          onReturnFocus={returnFocusToEditor}
          onRemove={() => {
            removeLink(editor);
            closeLinkDialog();
          }}
          onSave={(url, text) => {
            setLink(editor, url, text);
            closeLinkDialog();
          }}
        />
      )}
    </div>
  );
}

/**
 * The rich2 editor (interfaces.md). It keeps its own document while the parent echoes the value
 * it emitted; any other value from the parent (a reset, a converted Markdown text) reloads it.
 */
export function RichEditor({ value, onChange, ...rest }: RichEditorProps) {
  const [emitted, setEmitted] = useState(value);
  const [generation, setGeneration] = useState(0);
  if (value !== emitted) {
    setEmitted(value);
    setGeneration((count) => count + 1);
  }
  const handleChange = useCallback(
    (next: string) => {
      setEmitted(next);
      onChange(next);
    },
    [onChange],
  );
  return <RichEditorView key={generation} initialValue={value} onChange={handleChange} {...rest} />;
}
