import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { MAX_TAGS_PER_DISCUSSION } from '../../../../../../common/src/api/tags.constants.ts';
import { t } from '../../../../lib/i18n.ts';
import { searchTags, type Tag } from '../../../tags/api/tags.api.ts';
import styles from './PostForm.module.css';

/** A tag on the form: an existing one (`tagID`) or a new name (`tagID` null). */
export interface ChosenTag {
  tagID: number | null;
  name: string;
}

export interface TagInputProps {
  value: readonly ChosenTag[];
  onChange: (tags: ChosenTag[]) => void;
  /** New names may be added (`tags.add`). */
  canCreate: boolean;
  errors?: readonly string[];
}

const searchDelayMs = 200;

/**
 * Tags of a discussion: chips with remove buttons, and a combobox suggesting tags from
 * `GET /tags?query=` (spec 001 §7.6). Enter picks the highlighted suggestion, else adds the typed
 * name as a new tag when the user may create tags. At most 5 tags.
 */
export function TagInput({ value, onChange, canCreate, errors = [] }: TagInputProps) {
  const baseID = useId();
  const inputID = `${baseID}-input`;
  const listID = `${baseID}-list`;
  const helpID = `${baseID}-help`;
  const errorID = `${baseID}-errors`;
  const [text, setText] = useState('');
  const [result, setResult] = useState<{ query: string; tags: Tag[] } | null>(null);
  const [activeIndex, setActiveIndex] = useState(-1);
  const [isOpen, setIsOpen] = useState(false);
  const query = text.trim();
  const isFull = value.length >= MAX_TAGS_PER_DISCUSSION;

  useEffect(() => {
    if (query === '') return undefined;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      searchTags(query, controller.signal).then(
        (tags) => setResult({ query, tags }),
        () => undefined,
      );
    }, searchDelayMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query]);

  const chosenNames = new Set(value.map((tag) => tag.name.toLowerCase()));
  const suggestions =
    query !== '' && result?.query === query
      ? result.tags.filter((tag) => !chosenNames.has(tag.name.toLowerCase())).slice(0, 10)
      : [];
  const showList = isOpen && suggestions.length > 0 && !isFull;

  const add = (tag: ChosenTag) => {
    if (isFull || chosenNames.has(tag.name.toLowerCase())) return;
    onChange([...value, tag]);
    setText('');
    setActiveIndex(-1);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && suggestions.length > 0) {
      event.preventDefault();
      setIsOpen(true);
      setActiveIndex((activeIndex + 1) % suggestions.length);
    } else if (event.key === 'ArrowUp' && suggestions.length > 0) {
      event.preventDefault();
      setActiveIndex(activeIndex <= 0 ? suggestions.length - 1 : activeIndex - 1);
    } else if (event.key === 'Escape' && isOpen) {
      event.preventDefault();
      setIsOpen(false);
    } else if (event.key === 'Enter' || event.key === ',') {
      const active = showList ? suggestions[activeIndex] : undefined;
      const exact = suggestions.find((tag) => tag.name.toLowerCase() === query.toLowerCase());
      if (active !== undefined) {
        event.preventDefault();
        add({ tagID: active.tagID, name: active.name });
      } else if (exact !== undefined) {
        event.preventDefault();
        add({ tagID: exact.tagID, name: exact.name });
      } else if (query !== '' && canCreate) {
        event.preventDefault();
        add({ tagID: null, name: query });
      } else if (event.key === 'Enter') {
        // Enter in the tag box never submits the form.
        event.preventDefault();
      }
    } else if (event.key === 'Backspace' && text === '' && value.length > 0) {
      onChange(value.slice(0, -1));
    }
  };

  const describedBy = [helpID, errors.length > 0 ? errorID : null].filter(Boolean).join(' ');
  return (
    <div className={styles.field}>
      <label htmlFor={inputID} className={styles.label}>
        {t('Tags')}
      </label>
      <div className={`${styles.tagBox} ${errors.length > 0 ? styles.invalid : ''}`}>
        {value.length === 0 ? null : (
          <ul className={styles.tagList} aria-label={t('Chosen tags')}>
            {value.map((tag) => (
              <li key={tag.name} className={styles.tagChip}>
                <span>{tag.name}</span>
                <button
                  type="button"
                  className={styles.tagRemove}
                  aria-label={t('Remove tag {name}', { name: tag.name })}
                  onClick={() => onChange(value.filter((other) => other !== tag))}
                >
                  <svg
                    viewBox="0 0 12 12"
                    width="10"
                    height="10"
                    aria-hidden="true"
                    focusable="false"
                  >
                    <path
                      d="M2 2l8 8M10 2l-8 8"
                      stroke="currentColor"
                      strokeWidth="1.6"
                      strokeLinecap="round"
                    />
                  </svg>
                </button>
              </li>
            ))}
          </ul>
        )}
        <div className={styles.tagCombo}>
          <input
            id={inputID}
            className={styles.tagText}
            type="text"
            role="combobox"
            autoComplete="off"
            aria-autocomplete="list"
            aria-expanded={showList}
            aria-controls={listID}
            aria-activedescendant={
              showList && activeIndex >= 0 ? `${listID}-${activeIndex}` : undefined
            }
            aria-describedby={describedBy}
            aria-invalid={errors.length > 0 || undefined}
            disabled={isFull}
            value={text}
            placeholder={isFull ? '' : t('Add a tag')}
            onChange={(event) => {
              setText(event.target.value);
              setIsOpen(true);
              setActiveIndex(-1);
            }}
            onKeyDown={handleKeyDown}
            onBlur={() => setIsOpen(false)}
          />
          <ul
            id={listID}
            role="listbox"
            aria-label={t('Tags')}
            className={styles.tagSuggestions}
            hidden={!showList}
          >
            {suggestions.map((tag, index) => (
              // Pointer-only: the keyboard path goes through the input (aria-activedescendant).
              // eslint-disable-next-line jsx-a11y/click-events-have-key-events
              <li
                key={tag.tagID}
                id={`${listID}-${index}`}
                role="option"
                aria-selected={index === activeIndex}
                className={styles.tagOption}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => add({ tagID: tag.tagID, name: tag.name })}
              >
                {tag.name}
              </li>
            ))}
          </ul>
        </div>
      </div>
      <p id={helpID} className={styles.description}>
        {canCreate
          ? t('Press Enter to add a tag. Up to {count} tags.', { count: MAX_TAGS_PER_DISCUSSION })
          : t('Choose from the existing tags. Up to {count} tags.', {
              count: MAX_TAGS_PER_DISCUSSION,
            })}
      </p>
      {errors.length === 0 ? null : (
        <ul id={errorID} className={styles.errors}>
          {errors.map((error) => (
            <li key={error}>{error}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
