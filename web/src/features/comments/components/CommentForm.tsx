import type { ReactNode } from 'react';
import { Button } from '../../../components/Button.tsx';
import { t } from '../../../lib/i18n.ts';
import { isRich2Empty } from '../../editor/rich2-text.ts';
import { CommentEditor } from './CommentEditor.tsx';
import styles from './CommentThread.module.css';

export interface CommentFormProps {
  label: string;
  value: string;
  error: string | null;
  isBusy: boolean;
  submitLabel: string;
  /** Moves focus into the editor (the user just asked to reply). */
  shouldFocus?: boolean;
  /** The form's element id (the draft toast scrolls to it). */
  id?: string;
  /** Shown under the editor (the draft's "last saved" line). */
  status?: ReactNode;
  onChange: (value: string) => void;
  onSubmit: () => void;
  onCancel: () => void;
}

/** The inline form of a comment's Reply and Edit: the editor, Cancel and the submit button. */
export function CommentForm({
  label,
  value,
  error,
  isBusy,
  submitLabel,
  shouldFocus = false,
  id,
  status,
  onChange,
  onSubmit,
  onCancel,
}: CommentFormProps) {
  // Focus follows the user's own Reply click, so it is expected, not a surprise.
  const focusProps = { autoFocus: shouldFocus };
  return (
    <form
      id={id}
      className={styles.inlineForm}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <CommentEditor
        value={value}
        onChange={onChange}
        label={label}
        error={error ?? undefined}
        {...focusProps}
      />
      {status}
      <div className={styles.inlineActions}>
        <Button onClick={onCancel} disabled={isBusy}>
          {t('Cancel')}
        </Button>
        <Button variant="primary" type="submit" isLoading={isBusy} disabled={isRich2Empty(value)}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
