import { lazy, Suspense, useId } from 'react';
import { t } from '../../lib/i18n.ts';
import { useIsHydrated } from '../../lib/use-is-hydrated.ts';
import type { RichEditorProps } from './components/RichEditor.tsx';
import { isPlainRich2, rich2FromPlainText, rich2ToPlainText } from './rich2-text.ts';
import styles from './LazyRichEditor.module.css';

// Slate and the editor load in their own chunk, on the first page that needs them.
const RichEditor = lazy(async () => {
  const module = await import('./components/RichEditor.tsx');
  return { default: module.RichEditor };
});

/**
 * What shows until the editor has loaded (and on the server): a plain text box. It edits the
 * value while that is plain paragraphs, and is read-only when it holds formatting it would lose.
 */
export function EditorFallback({
  value,
  onChange,
  label,
  placeholder,
  error,
  id,
}: RichEditorProps) {
  const baseID = useId();
  const fieldID = id ?? `${baseID}-editor`;
  const errorID = `${baseID}-error`;
  const isEditable = isPlainRich2(value);
  return (
    <div className={styles.field}>
      <label htmlFor={fieldID} className={styles.label}>
        {label}
      </label>
      <textarea
        id={fieldID}
        className={styles.textarea}
        value={rich2ToPlainText(value)}
        placeholder={placeholder}
        readOnly={!isEditable}
        aria-busy="true"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorID : undefined}
        onChange={(event) => onChange(rich2FromPlainText(event.target.value))}
      />
      {error ? (
        <p id={errorID} className={styles.error}>
          {error}
        </p>
      ) : null}
      <span className="visually-hidden">{t('Loading')}</span>
    </div>
  );
}

/** The rich2 editor, loaded on demand (interfaces.md): same props as `RichEditor`. */
export function LazyRichEditor(props: RichEditorProps) {
  const isClient = useIsHydrated();
  const fallback = <EditorFallback {...props} />;
  if (!isClient) return fallback;
  return (
    <Suspense fallback={fallback}>
      <RichEditor {...props} />
    </Suspense>
  );
}

export default LazyRichEditor;
