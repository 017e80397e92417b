import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useSlate } from 'slate-react';
import { t } from '../../../lib/i18n.ts';
import type { Rich2Mark } from '../rich2.ts';
import { isBlockActive, isMarkActive, toggleBlock, toggleMark, type BlockFormat } from '../slate/commands.ts';
import { activeLink } from '../slate/inserts.ts';
import styles from './RichEditor.module.css';

function Svg({ children }: { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 20 20"
      width="18"
      height="18"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.7"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  );
}

const icons = {
  code: (
    <Svg>
      <path d="M7 6l-4 4 4 4M13 6l4 4-4 4" />
    </Svg>
  ),
  link: (
    <Svg>
      <path d="M8.5 11.5l3-3M7.2 9.3l-1.9 1.9a2.6 2.6 0 003.7 3.7l1.9-1.9M12.8 10.7l1.9-1.9a2.6 2.6 0 00-3.7-3.7L9.1 7" />
    </Svg>
  ),
  blockquote: (
    <Svg>
      <path
        d="M4 14.5c0-3.2 1.4-5.6 4-7l.8 1.2C7.4 9.6 6.8 10.6 6.7 11.5H8.5v3zM11 14.5c0-3.2 1.4-5.6 4-7l.8 1.2c-1.4.9-2 1.9-2.1 2.8h1.8v3z"
        fill="currentColor"
        strokeWidth="1"
      />
    </Svg>
  ),
  code_block: (
    <Svg>
      <rect x="2.5" y="3.5" width="15" height="13" rx="2" />
      <path d="M8 8l-2 2 2 2M12 8l2 2-2 2" />
    </Svg>
  ),
  ul: (
    <Svg>
      <path d="M8 6h9M8 10h9M8 14h9" />
      <circle cx="4.2" cy="6" r="1" fill="currentColor" />
      <circle cx="4.2" cy="10" r="1" fill="currentColor" />
      <circle cx="4.2" cy="14" r="1" fill="currentColor" />
    </Svg>
  ),
  ol: (
    <Svg>
      <path d="M9 6h8M9 10h8M9 14h8" />
      <path
        d="M3.6 4.6l1-.6v3.6M3.3 10.2c.3-.5.7-.7 1.2-.7.6 0 1 .4 1 .9 0 .9-2.2 1.7-2.2 2.9h2.3"
        strokeWidth="1.2"
      />
    </Svg>
  ),
  spoiler: (
    <Svg>
      <path d="M2.5 10s2.8-5 7.5-5 7.5 5 7.5 5-2.8 5-7.5 5-7.5-5-7.5-5z" />
      <circle cx="10" cy="10" r="2.2" />
      <path d="M4 16L16 4" />
    </Svg>
  ),
  image: (
    <Svg>
      <rect x="2.5" y="4" width="15" height="12" rx="2" />
      <circle cx="7.3" cy="8.2" r="1.4" />
      <path d="M3 14.5l4-3.8 3 2.8 2.6-2.3 4.4 3.8" />
    </Svg>
  ),
};

interface ToolbarItem {
  key: string;
  label: string;
  content: ReactNode;
  shortcut?: string;
  ariaShortcut?: string;
  isPressed: boolean | undefined;
  onActivate: () => void;
  groupEnd?: boolean;
}

export interface ToolbarProps {
  /** Opens the link dialog (for the selection, or the link the caret is in). */
  onLink: () => void;
  /** Opens the file picker for an image. */
  onImage: () => void;
  isUploading: boolean;
  /** The element the toolbar formats (its id). */
  controls: string;
}

/**
 * The formatting toolbar: role toolbar with one tab stop (roving tabindex: arrows, Home, End),
 * toggle buttons with aria-pressed, names and shortcuts.
 */
export function Toolbar({ onLink, onImage, isUploading, controls }: ToolbarProps) {
  const editor = useSlate();
  const [activeIndex, setActiveIndex] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  const mark = (
    key: Rich2Mark,
    label: string,
    content: ReactNode,
    shortcut: string,
    ariaShortcut: string,
  ): ToolbarItem => ({
    key,
    label,
    content,
    shortcut,
    ariaShortcut,
    isPressed: isMarkActive(editor, key),
    onActivate: () => toggleMark(editor, key),
  });
  const block = (key: BlockFormat, label: string, content: ReactNode): ToolbarItem => ({
    key,
    label,
    content,
    isPressed: isBlockActive(editor, key),
    onActivate: () => toggleBlock(editor, key),
  });
  const items: ToolbarItem[] = [
    mark(
      'bold',
      t('Bold'),
      <span className={styles.glyphBold} aria-hidden="true">
        B
      </span>,
      'Ctrl+B',
      'Control+B Meta+B',
    ),
    mark(
      'italic',
      t('Italic'),
      <span className={styles.glyphItalic} aria-hidden="true">
        I
      </span>,
      'Ctrl+I',
      'Control+I Meta+I',
    ),
    mark(
      'strikethrough',
      t('Strikethrough'),
      <span className={styles.glyphStrike} aria-hidden="true">
        S
      </span>,
      'Ctrl+Shift+X',
      'Control+Shift+X Meta+Shift+X',
    ),
    mark('code', t('Inline code'), icons.code, 'Ctrl+E', 'Control+E Meta+E'),
    {
      key: 'link',
      label: t('Link'),
      content: icons.link,
      shortcut: 'Ctrl+K',
      ariaShortcut: 'Control+K Meta+K',
      isPressed: activeLink(editor) !== undefined,
      onActivate: onLink,
      groupEnd: true,
    },
    block(
      'h2',
      t('Heading 2'),
      <span className={styles.glyphHeading} data-glyph="H2" aria-hidden="true" />,
    ),
    block(
      'h3',
      t('Heading 3'),
      <span className={styles.glyphHeading} data-glyph="H3" aria-hidden="true" />,
    ),
    block(
      'h4',
      t('Heading 4'),
      <span className={styles.glyphHeading} data-glyph="H4" aria-hidden="true" />,
    ),
    {
      ...block(
        'h5',
        t('Heading 5'),
        <span className={styles.glyphHeading} data-glyph="H5" aria-hidden="true" />,
      ),
      groupEnd: true,
    },
    block('blockquote', t('Quote'), icons.blockquote),
    block('code_block', t('Code block'), icons.code_block),
    block('ul', t('Bulleted list'), icons.ul),
    block('ol', t('Numbered list'), icons.ol),
    { ...block('spoiler', t('Spoiler'), icons.spoiler), groupEnd: true },
    {
      key: 'image',
      label: isUploading ? t('Uploading image') : t('Image'),
      content: icons.image,
      isPressed: undefined,
      onActivate: onImage,
    },
  ];
  const current = Math.min(activeIndex, items.length - 1);

  const focusItem = (index: number) => {
    const next = (index + items.length) % items.length;
    setActiveIndex(next);
    buttons.current[next]?.focus();
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    switch (event.key) {
      case 'ArrowRight':
        event.preventDefault();
        focusItem(current + 1);
        break;
      case 'ArrowLeft':
        event.preventDefault();
        focusItem(current - 1);
        break;
      case 'Home':
        event.preventDefault();
        focusItem(0);
        break;
      case 'End':
        event.preventDefault();
        focusItem(items.length - 1);
        break;
      default:
        break;
    }
  };

  return (
    <div
      role="toolbar"
      aria-label={t('Formatting')}
      aria-controls={controls}
      aria-orientation="horizontal"
      className={styles.toolbar}
      onKeyDown={handleKeyDown}
    >
      {items.map((item, index) => (
        <span key={item.key} className={item.groupEnd === true ? styles.groupEnd : styles.group}>
          <button
            ref={(element) => {
              buttons.current[index] = element;
            }}
            type="button"
            className={styles.toolButton}
            tabIndex={index === current ? 0 : -1}
            aria-label={item.label}
            aria-pressed={item.isPressed}
            aria-keyshortcuts={item.ariaShortcut}
            title={item.shortcut === undefined ? item.label : `${item.label} (${item.shortcut})`}
            disabled={item.key === 'image' && isUploading}
            onFocus={() => setActiveIndex(index)}
            // Keep the editor's focus and selection while clicking.
            onMouseDown={(event) => event.preventDefault()}
            onClick={item.onActivate}
          >
            {item.content}
          </button>
        </span>
      ))}
    </div>
  );
}
