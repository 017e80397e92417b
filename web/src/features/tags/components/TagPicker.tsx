import { useQuery } from '@tanstack/react-query';
import { useId, useState, type KeyboardEvent } from 'react';
import { t } from '../../../lib/i18n.ts';
import { searchTags, type Tag } from '../api/tags.api.ts';
import styles from './TagPicker.module.css';
import { useDebounced } from '../../../lib/use-debounced.ts';

/** A chosen tag: enough to show it and send its ID. */
export interface PickedTag {
  tagID: number;
  name: string;
}

export interface TagPickerProps {
  label: string;
  value: readonly PickedTag[];
  onChange: (tags: PickedTag[]) => void;
  /** At most this many tags (Vanilla.Tagging.Max = 5). */
  max: number;
}

/**
 * Picks user tags (spec 001 §7.6 `GET /tags?query=`): chosen tags as removable chips, a search box
 * whose suggestions are a listbox navigated with the arrow keys.
 */
export function TagPicker({ label, value, onChange, max }: TagPickerProps) {
  const id = useId();
  const listID = `${id}-list`;
  const [text, setText] = useState('');
  const [activeIndex, setActiveIndex] = useState(0);
  const query = useDebounced(text.trim(), 150);
  const results = useQuery({
    queryKey: ['tags', 'search', query],
    queryFn: ({ signal }) => searchTags(query, signal),
    enabled: query !== '',
  });
  const chosenIDs = new Set(value.map((tag) => tag.tagID));
  const suggestions: Tag[] =
    text.trim() === '' ? [] : (results.data ?? []).filter((tag) => !chosenIDs.has(tag.tagID));
  const isFull = value.length >= max;
  const isOpen = suggestions.length > 0 && !isFull;

  const add = (tag: Tag) => {
    onChange([...value, { tagID: tag.tagID, name: tag.name }]);
    setText('');
    setActiveIndex(0);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && isOpen) {
      event.preventDefault();
      setActiveIndex((index) => (index + 1) % suggestions.length);
    } else if (event.key === 'ArrowUp' && isOpen) {
      event.preventDefault();
      setActiveIndex((index) => (index - 1 + suggestions.length) % suggestions.length);
    } else if (event.key === 'Enter' && isOpen) {
      event.preventDefault();
      const tag = suggestions[Math.min(activeIndex, suggestions.length - 1)];
      if (tag !== undefined) add(tag);
    } else if (event.key === 'Backspace' && text === '' && value.length > 0) {
      onChange(value.slice(0, -1));
    }
  };

  return (
    <div className={styles.picker}>
      <label htmlFor={`${id}-input`} className={styles.label}>
        {label}
      </label>
      <div className={styles.field}>
        {value.length > 0 ? (
          <ul className={styles.chips} aria-label={t('Selected tags')}>
            {value.map((tag) => (
              <li key={tag.tagID} className={styles.chip}>
                <span>{tag.name}</span>
                <button
                  type="button"
                  className={styles.remove}
                  aria-label={t('Remove {name}', { name: tag.name })}
                  onClick={() => onChange(value.filter((item) => item.tagID !== tag.tagID))}
                >
                  <svg
                    viewBox="0 0 16 16"
                    width="12"
                    height="12"
                    aria-hidden="true"
                    focusable="false"
                  >
                    <path
                      d="M4 4l8 8M12 4l-8 8"
                      stroke="currentColor"
                      strokeWidth="1.8"
                      strokeLinecap="round"
                    />
                  </svg>
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <input
          id={`${id}-input`}
          className={styles.input}
          type="text"
          role="combobox"
          aria-expanded={isOpen}
          aria-controls={listID}
          aria-autocomplete="list"
          aria-activedescendant={isOpen ? `${id}-option-${activeIndex}` : undefined}
          autoComplete="off"
          value={text}
          disabled={isFull}
          placeholder={
            isFull ? t('You cannot add more than {count} tags.', { count: max }) : t('Search tags')
          }
          onChange={(event) => {
            setText(event.target.value);
            setActiveIndex(0);
          }}
          onKeyDown={handleKeyDown}
        />
      </div>
      <ul
        id={listID}
        role="listbox"
        aria-label={label}
        className={isOpen ? styles.list : styles.hidden}
      >
        {isOpen
          ? suggestions.map((tag, index) => (
              // Keys are handled by the combobox input (aria-activedescendant); a click also picks.
              // eslint-disable-next-line jsx-a11y/click-events-have-key-events
              <li
                key={tag.tagID}
                id={`${id}-option-${index}`}
                role="option"
                aria-selected={index === activeIndex}
                className={styles.option}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => add(tag)}
              >
                {tag.name}
                {tag.countDiscussions === undefined ? null : (
                  <span className={styles.count}>{tag.countDiscussions}</span>
                )}
              </li>
            ))
          : null}
      </ul>
      {text.trim() !== '' && results.isSuccess && suggestions.length === 0 && !isFull ? (
        <p className={styles.empty}>{t('No tags found.')}</p>
      ) : null}
    </div>
  );
}
