import { useId, type ReactNode } from 'react';
import { settingDefinitions } from '../../../../../common/src/api/config.ts';
import { t } from '../../../lib/i18n.ts';
import {
  durationUnits,
  numberBounds,
  sizeUnits,
  type DraftValue,
  type DurationUnit,
  type SettingField,
  type SizeUnit,
} from '../settings/settings-form.ts';
import styles from './AdminForm.module.css';
import { FieldErrors } from '../../../components/form/TextField.tsx';

export interface SettingFieldRowProps {
  field: SettingField;
  value: DraftValue;
  errors: readonly string[];
  onChange: (value: DraftValue) => void;
}

const durationUnitLabels: Record<DurationUnit, string> = {
  seconds: 'seconds',
  minutes: 'minutes',
  hours: 'hours',
  days: 'days',
};

/**
 * One setting: label and the registry's description on one side, the input and its errors on the
 * other (stacked on small screens). Description and errors are tied to the input with
 * aria-describedby.
 */
export function SettingFieldRow({ field, value, errors, onChange }: SettingFieldRowProps) {
  const id = useId();
  const descriptionID = `${id}-description`;
  const errorID = `${id}-errors`;
  const describedBy = [descriptionID, errors.length > 0 ? errorID : null].filter(Boolean).join(' ');
  const invalid = errors.length > 0 || undefined;
  const common = { id, 'aria-describedby': describedBy, 'aria-invalid': invalid };
  const { min, max } = numberBounds(field.key);

  let input: ReactNode;
  switch (value.kind) {
    case 'boolean':
      input = (
        <input
          {...common}
          name={field.key}
          type="checkbox"
          className={styles.switch}
          checked={value.checked}
          onChange={(event) => onChange({ kind: 'boolean', checked: event.target.checked })}
        />
      );
      break;
    case 'number':
      input = (
        <div className={styles.inline}>
          <input
            {...common}
            name={field.key}
            type="number"
            inputMode="numeric"
            step={1}
            min={min ?? undefined}
            max={max ?? undefined}
            className={`${styles.input} ${styles.numberInput}`}
            value={value.amount}
            onChange={(event) => onChange({ kind: 'number', amount: event.target.value })}
          />
          {field.kind === 'seconds' ? <span className={styles.suffix}>{t('seconds')}</span> : null}
        </div>
      );
      break;
    case 'duration':
      input = (
        <div className={styles.stack}>
          <label className={styles.checkboxLine}>
            <input
              type="checkbox"
              className={styles.checkbox}
              checked={value.noLimit}
              onChange={(event) => onChange({ ...value, noLimit: event.target.checked })}
            />
            {t('No limit')}
          </label>
          <div className={styles.inline}>
            <input
              {...common}
              name={field.key}
              type="number"
              inputMode="numeric"
              step={1}
              min={0}
              className={`${styles.input} ${styles.numberInput}`}
              value={value.amount}
              disabled={value.noLimit}
              onChange={(event) => onChange({ ...value, amount: event.target.value })}
            />
            <select
              aria-label={t('Unit')}
              className={`${styles.input} ${styles.select} ${styles.unitSelect}`}
              value={value.unit}
              disabled={value.noLimit}
              onChange={(event) => onChange({ ...value, unit: event.target.value as DurationUnit })}
            >
              {durationUnits.map((unit) => (
                <option key={unit.unit} value={unit.unit}>
                  {t(durationUnitLabels[unit.unit])}
                </option>
              ))}
            </select>
          </div>
        </div>
      );
      break;
    case 'bytes':
      input = (
        <div className={styles.inline}>
          <input
            {...common}
            name={field.key}
            type="number"
            inputMode="numeric"
            step={1}
            min={1}
            className={`${styles.input} ${styles.numberInput}`}
            value={value.amount}
            onChange={(event) => onChange({ ...value, amount: event.target.value })}
          />
          <select
            aria-label={t('Unit')}
            className={`${styles.input} ${styles.select} ${styles.unitSelect}`}
            value={value.unit}
            onChange={(event) => onChange({ ...value, unit: event.target.value as SizeUnit })}
          >
            {sizeUnits.map((unit) => (
              <option key={unit.unit} value={unit.unit}>
                {unit.unit}
              </option>
            ))}
          </select>
        </div>
      );
      break;
    case 'text':
      if (field.kind === 'select') {
        input = (
          <select
            {...common}
            name={field.key}
            className={`${styles.input} ${styles.select}`}
            value={value.text}
            onChange={(event) => onChange({ kind: 'text', text: event.target.value })}
          >
            {Object.entries(field.options ?? {}).map(([option, label]) => (
              <option key={option} value={option}>
                {t(label)}
              </option>
            ))}
            {/* A stored value the form no longer offers still shows as it is. */}
            {field.options !== undefined && !(value.text in field.options) ? (
              <option value={value.text}>{value.text}</option>
            ) : null}
          </select>
        );
      } else if (field.kind === 'textarea' || field.kind === 'extensions') {
        input = (
          <textarea
            {...common}
            name={field.key}
            rows={field.kind === 'extensions' ? 4 : 3}
            className={`${styles.input} ${styles.textarea}`}
            value={value.text}
            onChange={(event) => onChange({ kind: 'text', text: event.target.value })}
          />
        );
      } else {
        input = (
          <input
            {...common}
            name={field.key}
            type="text"
            className={styles.input}
            value={value.text}
            onChange={(event) => onChange({ kind: 'text', text: event.target.value })}
          />
        );
      }
      break;
  }

  return (
    <div className={styles.row}>
      <div className={styles.labelColumn}>
        <label htmlFor={id} className={styles.label}>
          {t(field.label)}
        </label>
        <p id={descriptionID} className={styles.description}>
          {t(settingDefinitions[field.key].description)}
          {field.kind === 'extensions' ? ` ${t('Separate extensions with commas.')}` : null}
        </p>
      </div>
      <div className={styles.inputColumn}>
        {input}
        <FieldErrors id={errorID} errors={errors} />
      </div>
    </div>
  );
}
