import { useConfigValue } from '../../lib/bootstrap.ts';
import { t } from '../../lib/i18n.ts';
import { TextField } from './TextField.tsx';

export interface NewPasswordFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  errors: readonly string[];
  /** Required fields are marked (registration, reset); a profile's change is optional. */
  required?: boolean;
}

/** A new password's field (`password`), with the site's minimum length (`password.minLength`) stated. */
export function NewPasswordField({
  label,
  value,
  onChange,
  errors,
  required = true,
}: NewPasswordFieldProps) {
  const minLength = useConfigValue('password.minLength', 8);
  return (
    <TextField
      label={label}
      name="password"
      type="password"
      autoComplete="new-password"
      required={required}
      minLength={minLength}
      description={t('At least {count} characters.', { count: minLength })}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      errors={errors}
    />
  );
}
