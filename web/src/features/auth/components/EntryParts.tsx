import type { FormEvent, ReactNode } from 'react';
import { Button } from '../../../components/Button.tsx';
import { FormMessage, type FormMessageProps } from '../../../components/form/FormMessage.tsx';
import { HydratedFieldset } from '../../../components/form/HydratedFieldset.tsx';
import styles from './EntryLayout.module.css';

/** An entry page's outcome: its message, then what to do next (a link), if anything. */
export function EntryResult({
  type,
  message,
  children,
}: {
  type?: FormMessageProps['type'];
  message: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className={styles.result}>
      <FormMessage type={type ?? 'error'}>{message}</FormMessage>
      {children}
    </div>
  );
}

/**
 * An entry page's form: its controls wait for hydration, the messages that belong to no field
 * come first, the fields, then the submit button (busy while `isSubmitting`).
 */
export function EntryForm({
  onSubmit,
  formMessages,
  submitLabel,
  isSubmitting,
  children,
}: {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  formMessages: readonly string[];
  submitLabel: string;
  isSubmitting: boolean;
  children: ReactNode;
}) {
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <HydratedFieldset>
        {formMessages.length > 0 ? <FormMessage>{formMessages.join(' ')}</FormMessage> : null}
        {children}
        <Button type="submit" variant="primary" className={styles.submit} isLoading={isSubmitting}>
          {submitLabel}
        </Button>
      </HydratedFieldset>
    </form>
  );
}
