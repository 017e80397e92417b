import {
  useFocused,
  useSelected,
  type RenderElementProps,
  type RenderLeafProps,
  type RenderPlaceholderProps,
} from 'slate-react';
import { t } from '../../../lib/i18n.ts';
import { isSafeLink } from '../../../lib/safe-url.ts';
import type { Rich2Text } from '../rich2.ts';
import styles from './RichEditor.module.css';

// Keeps the caret from jumping into a link's edges in Chromium (Slate's inline example).
function InlineChromiumBugfix() {
  return (
    <span contentEditable={false} className={styles.chromiumBugfix}>
      {String.fromCodePoint(160)}
    </span>
  );
}

function ImageCard({ attributes, children, element }: RenderElementProps) {
  const isSelected = useSelected();
  const isFocused = useFocused();
  if (element.type !== 'rich_embed_card') return null;
  const { embedData } = element;
  const alt = embedData.alt ?? embedData.name ?? '';
  return (
    <div {...attributes} className={styles.imageBlock}>
      <div
        contentEditable={false}
        className={`${styles.imageFrame} ${isSelected && isFocused ? styles.selectedVoid : ''}`}
      >
        <img
          src={element.url}
          alt={alt}
          className={styles.image}
          width={embedData.width ?? undefined}
          height={embedData.height ?? undefined}
        />
      </div>
      {children}
    </div>
  );
}

function Mention({ attributes, children, element }: RenderElementProps) {
  const isSelected = useSelected();
  const isFocused = useFocused();
  if (element.type !== '@') return null;
  return (
    <span
      {...attributes}
      contentEditable={false}
      className={`${styles.mention} ${isSelected && isFocused ? styles.selectedVoid : ''}`}
      data-user-id={element.userID}
    >
      @{element.name}
      {children}
    </span>
  );
}

/** Draws each rich2 element as the reader will see it (interfaces.md "rich2"). */
export function renderElement(props: RenderElementProps) {
  const { attributes, children, element } = props;
  switch (element.type) {
    case 'h2':
      return (
        <h2 {...attributes} className={styles.heading}>
          {children}
        </h2>
      );
    case 'h3':
      return (
        <h3 {...attributes} className={styles.heading}>
          {children}
        </h3>
      );
    case 'h4':
      return (
        <h4 {...attributes} className={styles.heading}>
          {children}
        </h4>
      );
    case 'h5':
      return (
        <h5 {...attributes} className={styles.heading}>
          {children}
        </h5>
      );
    case 'blockquote':
      return (
        <blockquote {...attributes} className={styles.blockquote}>
          {children}
        </blockquote>
      );
    case 'spoiler':
      return (
        <div {...attributes} className={styles.spoiler}>
          <div contentEditable={false} className={styles.spoilerLabel}>
            {t('Spoiler')}
          </div>
          {children}
        </div>
      );
    case 'code_block':
      return (
        <pre {...attributes} className={styles.codeBlock} spellCheck={false}>
          <code>{children}</code>
        </pre>
      );
    case 'code_line':
      return <div {...attributes}>{children}</div>;
    case 'ul':
      return (
        <ul {...attributes} className={styles.list}>
          {children}
        </ul>
      );
    case 'ol':
      return (
        <ol {...attributes} className={styles.list}>
          {children}
        </ol>
      );
    case 'li':
      return <li {...attributes}>{children}</li>;
    case 'lic':
      return <div {...attributes}>{children}</div>;
    case 'a':
      return (
        <a
          {...attributes}
          href={isSafeLink(element.url) ? element.url : undefined}
          className={styles.link}
          onClick={(event) => event.preventDefault()}
        >
          <InlineChromiumBugfix />
          {children}
          <InlineChromiumBugfix />
        </a>
      );
    case '@':
      return <Mention {...props} />;
    case 'rich_embed_card':
      return <ImageCard {...props} />;
    case 'table':
      return (
        <table {...attributes} className={styles.table}>
          <tbody>{children}</tbody>
        </table>
      );
    case 'tr':
      return <tr {...attributes}>{children}</tr>;
    case 'th':
      return <th {...attributes}>{children}</th>;
    case 'td':
      return <td {...attributes}>{children}</td>;
    case 'p':
      return (
        <p {...attributes} className={styles.paragraph}>
          {children}
        </p>
      );
  }
}

/** Marks: bold, italic, strikethrough and inline code. */
export function renderLeaf({ attributes, children, leaf }: RenderLeafProps) {
  const marks = leaf as Rich2Text;
  let content = children;
  if (marks.code === true) content = <code className={styles.inlineCode}>{content}</code>;
  if (marks.bold === true) content = <strong>{content}</strong>;
  if (marks.italic === true) content = <em>{content}</em>;
  if (marks.strikethrough === true) content = <s>{content}</s>;
  return <span {...attributes}>{content}</span>;
}

/** The placeholder in the theme's muted text colour (Slate's default fades it below AA contrast). */
export function renderPlaceholder({ attributes, children }: RenderPlaceholderProps) {
  return (
    <span
      {...attributes}
      style={{ ...attributes.style, opacity: 1 }}
      className={styles.placeholder}
    >
      {children}
    </span>
  );
}
