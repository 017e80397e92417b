import { HONEYPOT_FIELD } from '../../../../../common/src/api/auth.ts';
import { t } from '../../../lib/i18n.ts';

/** HoneypotField props: the field's value and its change handler. */
export interface HoneypotFieldProps {
  value: string;
  onChange: (value: string) => void;
}

/**
 * The registration form's honeypot (issue 17; Vanilla `Garden.Forms.HoneypotName` "hpt"): a text
 * field people never meet (visually hidden, hidden from assistive technology, out of the tab order,
 * no autofill) and bots fill in; the server refuses a registration that fills it.
 */
export function HoneypotField({ value, onChange }: HoneypotFieldProps) {
  return (
    <div className="visually-hidden" aria-hidden="true">
      <label>
        {t('Leave this field empty')}
        <input
          type="text"
          name={HONEYPOT_FIELD}
          tabIndex={-1}
          autoComplete="off"
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      </label>
    </div>
  );
}
