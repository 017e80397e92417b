import { useId, useState } from 'react';
import { ConfirmModal } from '../../../components/Modal.tsx';
import { t } from '../../../lib/i18n.ts';
import { LazyRichEditor } from '../LazyRichEditor.tsx';
import { emptyRich2Value } from '../rich2.ts';
import { isRich2Empty } from '../rich2-text.ts';
import { rich2ToMarkdown } from '../rich2-to-markdown.ts';
import styles from './BodyEditor.module.css';

/** A post body as the API takes it: the source and its format (api-contract §1.8). */
export interface BodyValue {
  body: string;
  format: string;
}

/** A new post's body: empty rich text (spec 000 §3 default format rich2, §5 empty paragraph). */
export function emptyBody(): BodyValue {
  return { body: emptyRich2Value(), format: 'rich2' };
}

/** Whether a body holds nothing (an empty rich2 document, or blank text in other formats). */
export function isBodyEmpty(value: BodyValue): boolean {
  return value.format === 'rich2' ? isRich2Empty(value.body) : value.body.trim() === '';
}

export interface BodyEditorProps {
  value: BodyValue;
  onChange: (value: BodyValue) => void;
  label: string;
  placeholder?: string;
  /** The messages of the body's field errors. */
  errors?: readonly string[];
  autoFocus?: boolean;
}

/**
 * The body field of the post forms: the rich editor, or a Markdown text box (posted with format
 * `markdown`). Switching converts the text; when rich text holds what Markdown cannot say
 * (spoilers, tables), it asks first. Other stored formats (text, bbcode, html…) are edited as
 * they are, in a plain text box.
 */
export function BodyEditor({
  value,
  onChange,
  label,
  placeholder,
  errors = [],
  autoFocus,
}: BodyEditorProps) {
  const baseID = useId();
  const fieldID = `${baseID}-body`;
  const errorID = `${baseID}-errors`;
  const [pendingMarkdown, setPendingMarkdown] = useState<string | null>(null);
  const [isConverting, setIsConverting] = useState(false);
  const error = errors.length > 0 ? errors.join(' ') : undefined;
  const isRich = value.format === 'rich2';
  const canSwitch = isRich || value.format === 'markdown';

  const switchToMarkdown = () => {
    const { markdown, isLossy } = rich2ToMarkdown(value.body);
    if (isLossy) {
      setPendingMarkdown(markdown);
    } else {
      onChange({ body: markdown, format: 'markdown' });
    }
  };

  const switchToRich = async () => {
    if (value.body.trim() === '') {
      onChange(emptyBody());
      return;
    }
    setIsConverting(true);
    try {
      const { markdownToRich2 } = await import('../markdown-to-rich2.ts');
      onChange({ body: markdownToRich2(value.body), format: 'rich2' });
    } finally {
      setIsConverting(false);
    }
  };

  const toggle = canSwitch ? (
    <button
      type="button"
      className={styles.modeToggle}
      aria-pressed={!isRich}
      disabled={isConverting}
      onClick={() => (isRich ? switchToMarkdown() : void switchToRich())}
    >
      <svg viewBox="0 0 20 14" width="20" height="14" aria-hidden="true" focusable="false">
        <rect
          x="0.75"
          y="0.75"
          width="18.5"
          height="12.5"
          rx="2"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.5"
        />
        <path
          d="M4 10V4l2.5 3L9 4v6M13.5 4v6M11.5 8l2 2 2-2"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.5"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      {t('Markdown')}
    </button>
  ) : null;

  return (
    <div className={styles.body}>
      {toggle === null ? null : <div className={styles.modeBar}>{toggle}</div>}
      {isRich ? (
        <LazyRichEditor
          value={value.body}
          onChange={(body) => onChange({ body, format: 'rich2' })}
          label={label}
          placeholder={placeholder}
          error={error}
          // Passed on: the page asked for the focus (the new-post form).
          {...(autoFocus === undefined ? {} : { autoFocus })}
        />
      ) : (
        <div className={styles.field}>
          <label htmlFor={fieldID} className={styles.label}>
            {label}
            {value.format === 'markdown' ? null : (
              <span className={styles.formatNote}>{` (${value.format})`}</span>
            )}
          </label>
          <textarea
            id={fieldID}
            className={styles.textarea}
            value={value.body}
            placeholder={placeholder}
            spellCheck
            aria-invalid={error === undefined ? undefined : true}
            aria-describedby={error === undefined ? undefined : errorID}
            // eslint-disable-next-line jsx-a11y/no-autofocus -- the page asked for it (autoFocus prop)
            autoFocus={autoFocus}
            onChange={(event) => onChange({ body: event.target.value, format: value.format })}
          />
          {error === undefined ? null : (
            <p id={errorID} className={styles.error}>
              {error}
            </p>
          )}
        </div>
      )}
      {pendingMarkdown === null ? null : (
        <ConfirmModal
          title={t('Switch to Markdown')}
          message={t(
            'Markdown cannot show spoilers or tables. Their text stays, but that formatting will be lost. Switch to Markdown?',
          )}
          confirmLabel={t('Switch to Markdown')}
          onCancel={() => setPendingMarkdown(null)}
          onConfirm={() => {
            onChange({ body: pendingMarkdown, format: 'markdown' });
            setPendingMarkdown(null);
          }}
        />
      )}
    </div>
  );
}
