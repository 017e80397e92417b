import { useId, type ReactNode } from 'react';
import styles from './DiscussionOptions.module.css';

/** One radio of a RadioChoices group. */
export interface RadioChoice<T> {
  /** The radio's value and React key. */
  key: string | number;
  /** What choosing it hands to `onChange`. */
  item: T;
  label: ReactNode;
  /** Muted lines under the label (a category's parents, 'Current author'…). */
  hints?: readonly ReactNode[];
  /** Shown between the radio and the label (an avatar). */
  before?: ReactNode;
}

export interface RadioChoicesProps<T> {
  legend: string;
  /** The legend is read by screen readers only (the dialog's title already says it). */
  isLegendHidden?: boolean;
  choices: readonly RadioChoice<T>[];
  /** The chosen radio's key, or null before a choice. */
  selectedKey: string | number | null;
  onChange: (item: T) => void;
  /** Shown above the list: loading or 'none found'. */
  status?: ReactNode;
  /** An extra class for each choice row. */
  choiceClassName?: string;
}

/**
 * A group of radios as the options and bulk dialogs show them (spec 000 §2): a legend and a
 * bordered, scrolling list of rows with hints.
 */
export function RadioChoices<T>({
  legend,
  isLegendHidden = false,
  choices,
  selectedKey,
  onChange,
  status,
  choiceClassName,
}: RadioChoicesProps<T>) {
  const name = useId();
  const rowClassName =
    choiceClassName === undefined ? styles.choice : `${styles.choice} ${choiceClassName}`;
  return (
    <fieldset className={styles.choices}>
      <legend className={isLegendHidden ? 'visually-hidden' : styles.legend}>{legend}</legend>
      {status}
      <div className={styles.choiceList}>
        {choices.map((choice) => (
          <label key={choice.key} className={rowClassName}>
            <input
              type="radio"
              name={name}
              value={choice.key}
              checked={selectedKey === choice.key}
              onChange={() => onChange(choice.item)}
            />
            {choice.before}
            <span className={styles.choiceText}>
              {choice.label}
              {(choice.hints ?? []).map((hint, index) => (
                <span key={index} className={styles.hint}>
                  {hint}
                </span>
              ))}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
