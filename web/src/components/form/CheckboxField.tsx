import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { FieldErrors } from './TextField.tsx';
import styles from './Form.module.css';

export interface CheckboxFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'type'
> {
  label: ReactNode;
  errors?: readonly string[];
  description?: ReactNode;
}

/** A labelled checkbox (spec 000 §5: supports required). */
export function CheckboxField({ label, errors = [], description, ...rest }: CheckboxFieldProps) {
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
    <div className={styles.checkboxField}>
      <input
        {...rest}
        id={id}
        type="checkbox"
        className={styles.checkbox}
        aria-invalid={errors.length > 0 || undefined}
        aria-describedby={describedBy === '' ? undefined : describedBy}
      />
      <div>
        <label htmlFor={id} className={styles.checkboxLabel}>
          {label}
        </label>
        {description === undefined ? null : (
          <p id={descriptionID} className={styles.description}>
            {description}
          </p>
        )}
        <FieldErrors id={errorID} errors={errors} />
      </div>
    </div>
  );
}
