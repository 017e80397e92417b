import { useQuery } from '@tanstack/react-query';
import { useId, useState, type KeyboardEvent } from 'react';
import { MAX_TAGS_PER_DISCUSSION } from '../../../../../common/src/api/tags.constants.ts';
import { t } from '../../../lib/i18n.ts';
import { useDebounced } from '../../../lib/use-debounced.ts';
import { searchTags } from '../api/tags.api.ts';
import styles from './TagPicker.module.css';
import { CloseIcon } from '../../../components/CloseIcon.tsx';
import { FieldErrors } from '../../../components/form/TextField.tsx';

/** A chosen tag: an existing one (`tagID`) or a new name to create (`tagID` null). */
export interface PickedTag {
  tagID: number | null;
  name: string;
}

export interface TagPickerProps {
  value: readonly PickedTag[];
  onChange: (tags: PickedTag[]) => void;
  /** The field's label; 'Tags' unless given. */
  label?: string;
  /** At most this many tags (Vanilla.Tagging.Max = 5). */
  max?: number;
  /** New names may be added (`tags.add`): Enter on a name no tag has adds it. */
  canCreate?: boolean;
  /** The server's errors for the field. */
  errors?: readonly string[];
}

const searchDelayMs = 150;
const shownSuggestions = 10;

/**
 * Picks a discussion's user tags (spec 001 §7.6 `GET /tags?query=`): chosen tags as chips with
 * remove buttons, and a combobox whose suggestions are a listbox. Arrow keys move through the
 * suggestions, Enter (or a comma) picks the highlighted one, else the tag named exactly as typed,
 * else adds the typed name when `canCreate`; Escape closes the list; Backspace in the empty box
 * removes the last chip. Enter never submits the surrounding form.
 */
export function TagPicker({
  value,
  onChange,
  label = t('Tags'),
  max = MAX_TAGS_PER_DISCUSSION,
  canCreate = false,
  errors = [],
}: TagPickerProps) {
  const baseID = useId();
  const inputID = `${baseID}-input`;
  const listID = `${baseID}-list`;
  const helpID = `${baseID}-help`;
  const errorID = `${baseID}-errors`;
  const [text, setText] = useState('');
  const [activeIndex, setActiveIndex] = useState(-1);
  const [isOpen, setIsOpen] = useState(false);
  const query = text.trim();
  const searched = useDebounced(query, searchDelayMs);
  const results = useQuery({
    queryKey: ['tags', 'search', searched],
    queryFn: ({ signal }) => searchTags(searched, signal),
    enabled: searched !== '',
  });
  const isFull = value.length >= max;

  const chosenNames = new Set(value.map((tag) => tag.name.toLowerCase()));
  const isCurrent = query !== '' && searched === query && results.isSuccess;
  const suggestions = isCurrent
    ? results.data
        .filter((tag) => !chosenNames.has(tag.name.toLowerCase()))
        .slice(0, shownSuggestions)
    : [];
  const showList = isOpen && suggestions.length > 0 && !isFull;

  const add = (tag: PickedTag) => {
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
      setIsOpen(true);
      setActiveIndex(activeIndex <= 0 ? suggestions.length - 1 : activeIndex - 1);
    } else if (event.key === 'Escape' && isOpen) {
      event.preventDefault();
      // The list closes; the dialog around the picker stays open.
      event.stopPropagation();
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
    <div className={styles.picker}>
      <label htmlFor={inputID} className={styles.label}>
        {label}
      </label>
      <div className={`${styles.field} ${errors.length > 0 ? styles.invalid : ''}`}>
        {value.length === 0 ? null : (
          <ul className={styles.chips} aria-label={t('Selected tags')}>
            {value.map((tag) => (
              <li key={tag.name} className={styles.chip}>
                <span>{tag.name}</span>
                <button
                  type="button"
                  className={styles.remove}
                  aria-label={t('Remove tag {name}', { name: tag.name })}
                  onClick={() => onChange(value.filter((other) => other !== tag))}
                >
                  <CloseIcon size={12} />
                </button>
              </li>
            ))}
          </ul>
        )}
        <input
          id={inputID}
          className={styles.input}
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
          placeholder={
            isFull
              ? t('You cannot add more than {count} tags.', { count: max })
              : canCreate
                ? t('Add a tag')
                : t('Search tags')
          }
          onChange={(event) => {
            setText(event.target.value);
            setIsOpen(true);
            setActiveIndex(-1);
          }}
          onKeyDown={handleKeyDown}
          onBlur={() => setIsOpen(false)}
        />
      </div>
      <ul id={listID} role="listbox" aria-label={label} className={styles.list} hidden={!showList}>
        {suggestions.map((tag, index) => (
          // Pointer-only: the keyboard path goes through the input (aria-activedescendant).
          // eslint-disable-next-line jsx-a11y/click-events-have-key-events
          <li
            key={tag.tagID}
            id={`${listID}-${index}`}
            role="option"
            aria-selected={index === activeIndex}
            className={styles.option}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => add({ tagID: tag.tagID, name: tag.name })}
          >
            {tag.name}
            {tag.countDiscussions === undefined ? null : (
              <span className={styles.count}>{tag.countDiscussions}</span>
            )}
          </li>
        ))}
      </ul>
      {isCurrent && suggestions.length === 0 && !canCreate && !isFull ? (
        <p className={styles.hint}>{t('No tags found.')}</p>
      ) : null}
      <p id={helpID} className={styles.hint}>
        {canCreate
          ? t('Press Enter to add a tag. Up to {count} tags.', { count: max })
          : t('Choose from the existing tags. Up to {count} tags.', { count: max })}
      </p>
      <FieldErrors id={errorID} errors={errors} />
    </div>
  );
}
