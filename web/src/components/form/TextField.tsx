import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import styles from './Form.module.css';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** Messages of this field's errors (spec 001 §8.1: errors grouped by field). */
  errors?: readonly string[];
  description?: ReactNode;
}

/** A labelled input with its description and its own error list. */
export function TextField({
  label,
  errors = [],
  description,
  required,
  className,
  ...rest
}: TextFieldProps) {
  const id = useId();
  const descriptionID = `${id}-description`;
  const errorID = `${id}-errors`;
  const describedBy = [
    description === undefined ? null : descriptionID,
    errors.length > 0 ? errorID : null,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <label className={styles.label} htmlFor={id}>
        {label}
        {required === true ? (
          <span className={styles.required} aria-hidden="true">
            {' *'}
          </span>
        ) : null}
      </label>
      <input
        {...rest}
        id={id}
        required={required}
        className={styles.input}
        aria-invalid={errors.length > 0 || undefined}
        aria-describedby={describedBy === '' ? undefined : describedBy}
      />
      {description === undefined ? null : (
        <p id={descriptionID} className={styles.description}>
          {description}
        </p>
      )}
      <FieldErrors id={errorID} errors={errors} />
    </div>
  );
}

export interface FieldErrorsProps {
  id: string;
  errors: readonly string[];
}

/** The error list under a field. */
export function FieldErrors({ id, errors }: FieldErrorsProps) {
  if (errors.length === 0) {
    return null;
  }
  return (
    <ul id={id} className={styles.errors}>
      {errors.map((error) => (
        <li key={error}>{error}</li>
      ))}
    </ul>
  );
}
