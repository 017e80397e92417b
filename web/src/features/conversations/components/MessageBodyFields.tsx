import { Button } from '../../../components/Button.tsx';
import { t } from '../../../lib/i18n.ts';
import { CommentEditor } from '../../comments/components/CommentEditor.tsx';
import styles from './Conversations.module.css';

export interface MessageBodyFieldsProps {
  value: string;
  onChange: (value: string) => void;
  /** The server's messages for `body`, shown under the editor. */
  bodyErrors: string[];
  /** Any other error, in an alert above the button. */
  otherError: string | null;
  isPending: boolean;
  /** The Send Message button waits (e.g. an empty body, no recipient). */
  disabled: boolean;
}

/** A message's editor, its errors and the Send Message button (new conversation, reply). */
export function MessageBodyFields({
  value,
  onChange,
  bodyErrors,
  otherError,
  isPending,
  disabled,
}: MessageBodyFieldsProps) {
  return (
    <>
      <CommentEditor
        value={value}
        onChange={onChange}
        label={t('Message')}
        placeholder={t('Write a message…')}
        error={bodyErrors.length > 0 ? bodyErrors.join(' ') : undefined}
      />
      {otherError !== null ? (
        <p className={styles.error} role="alert">
          {otherError}
        </p>
      ) : null}
      <div className={styles.actions}>
        <Button type="submit" variant="primary" isLoading={isPending} disabled={disabled}>
          {t('Send Message')}
        </Button>
      </div>
    </>
  );
}
