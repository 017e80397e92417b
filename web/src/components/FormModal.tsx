import { useId, type FormEvent, type ReactNode } from 'react';
import { t } from '../lib/i18n.ts';
import { Button } from './Button.tsx';
import { Modal, type ModalSize } from './Modal.tsx';
import styles from './FormModal.module.css';

export interface FormModalProps {
  title: string;
  size?: ModalSize;
  /** The primary button's label; 'Save' unless given. */
  submitLabel?: string;
  /** False keeps the primary button disabled (nothing chosen, nothing changed). */
  canSubmit?: boolean;
  /** The request is under way: the primary button shows it. */
  isBusy?: boolean;
  /** An error shown under the fields (e.g. the server refused). */
  error?: string | null;
  onSubmit: () => void;
  onClose: () => void;
  /** The form's fields. */
  children: ReactNode;
}

/**
 * A dialog holding one form: the fields, an error, and Cancel plus the primary action in the
 * footer (the action submits the form, so Enter in a field does too).
 */
export function FormModal({
  title,
  size = 'medium',
  submitLabel,
  canSubmit = true,
  isBusy = false,
  error,
  onSubmit,
  onClose,
  children,
}: FormModalProps) {
  const formID = useId();
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (canSubmit) onSubmit();
  };
  return (
    <Modal
      title={title}
      size={size}
      onClose={onClose}
      footer={
        <>
          <Button onClick={onClose}>{t('Cancel')}</Button>
          <Button
            variant="primary"
            type="submit"
            form={formID}
            disabled={!canSubmit}
            isLoading={isBusy}
          >
            {submitLabel ?? t('Save')}
          </Button>
        </>
      }
    >
      <form id={formID} className={styles.form} onSubmit={handleSubmit}>
        {children}
        {error === undefined || error === null ? null : (
          <p role="alert" className={styles.error}>
            {error}
          </p>
        )}
      </form>
    </Modal>
  );
}
