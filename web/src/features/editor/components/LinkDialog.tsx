import { useRef, useState, type KeyboardEvent } from 'react';
import { Button } from '../../../components/Button.tsx';
import { TextField } from '../../../components/form/TextField.tsx';
import { Modal } from '../../../components/Modal.tsx';
import { t } from '../../../lib/i18n.ts';
import { normalizeLinkUrl } from '../link-url.ts';
import styles from './RichEditor.module.css';

export interface LinkDialogProps {
  /** The link being edited, or null for a new one. */
  initialUrl: string | null;
  /** Ask for the text too (a new link at a caret, no text selected). */
  needsText: boolean;
  onSave: (url: string, text: string) => void;
  onRemove: () => void;
  onCancel: () => void;
  /** Puts the focus back in the editor, its caret where it was (after the new link). */
  onReturnFocus: () => void;
}

/**
 * Enter or change a link's address. Only http, https, mailto, tel, `/` and `#` addresses are
 * accepted (spec 000 §5); `example.com` becomes `https://example.com`.
 */
export function LinkDialog({ initialUrl, needsText, onSave, onRemove, onCancel, onReturnFocus }: LinkDialogProps) {
  const [url, setUrl] = useState(initialUrl ?? '');
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  // TextField takes no ref: the first input of the fields is found once they are in the page.
  const urlRef = useRef<HTMLElement | null>(null);

  const save = () => {
    const normalized = normalizeLinkUrl(url);
    if (normalized === null) {
      setError(t('Links must start with http://, https://, mailto:, tel:, / or #.'));
      urlRef.current?.focus();
      return;
    }
    onSave(normalized, text);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      save();
    }
  };

  return (
    <Modal
      title={initialUrl === null ? t('Insert link') : t('Edit link')}
      size="small"
      onClose={onCancel}
      initialFocusRef={urlRef}
      onReturnFocus={onReturnFocus}
      footer={
        <>
          {initialUrl === null ? null : (
            <Button variant="text" onClick={onRemove} className={styles.removeLink}>
              {t('Remove link')}
            </Button>
          )}
          <Button onClick={onCancel}>{t('Cancel')}</Button>
          <Button variant="primary" onClick={save}>
            {t('Save')}
          </Button>
        </>
      }
    >
      <div
        className={styles.dialogFields}
        ref={(element) => {
          urlRef.current = element?.querySelector('input') ?? null;
        }}
      >
        <TextField
          label={t('URL')}
          type="text"
          inputMode="url"
          autoComplete="off"
          placeholder="https://"
          value={url}
          onChange={(event) => {
            setUrl(event.target.value);
            setError(null);
          }}
          onKeyDown={handleKeyDown}
          errors={error === null ? [] : [error]}
        />
        {needsText ? (
          <TextField
            label={t('Text to display')}
            type="text"
            value={text}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={handleKeyDown}
          />
        ) : null}
      </div>
    </Modal>
  );
}
