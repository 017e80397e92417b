import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { dataLimits } from '../../../../../common/src/constants.ts';
import { searchPath } from '../../../app/paths.ts';
import { toSitePath } from '../../../layout/page-url.ts';
import { t } from '../../../lib/i18n.ts';
import { useDebounced } from '../../../lib/use-debounced.ts';
import { useSearchSuggestionsQuery } from '../api/search.queries.ts';
import styles from './TitleBarSearch.module.css';

/**
 * The title bar's search (spec 000 §5, spec 001 §7.8): typing opens suggestions after the
 * autocomplete delay (spec 001 §9: 500 ms, 10 results); arrows move through them, Enter opens the
 * chosen one or runs the search, Escape clears. On narrow screens it is a button that expands.
 */
export function TitleBarSearch() {
  const navigate = useNavigate();
  const listID = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [isOpen, setIsOpen] = useState(false);
  const [isExpanded, setIsExpanded] = useState(false);
  const [active, setActive] = useState(-1);
  const debounced = useDebounced(text.trim(), dataLimits.searchAutocompleteDebounceMs);
  const suggestions = useSearchSuggestionsQuery(debounced, dataLimits.searchAutocompleteResultsLimit);
  const options = isOpen && debounced !== '' ? (suggestions.data?.results ?? []) : [];
  const showList = options.length > 0;

  const close = () => {
    setIsOpen(false);
    setActive(-1);
  };
  const collapse = () => {
    close();
    setIsExpanded(false);
  };
  const runSearch = () => {
    const query = text.trim();
    if (query === '') return;
    collapse();
    void navigate(searchPath({ query }));
  };
  const openOption = (index: number) => {
    const option = options[index];
    if (!option) return;
    collapse();
    setText('');
    void navigate(toSitePath(option.url));
  };
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (active >= 0) openOption(active);
    else runSearch();
  };
  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && options.length > 0) {
      event.preventDefault();
      setIsOpen(true);
      setActive((index) => (index + 1) % options.length);
    } else if (event.key === 'ArrowUp' && options.length > 0) {
      event.preventDefault();
      setActive((index) => (index <= 0 ? options.length - 1 : index - 1));
    } else if (event.key === 'Escape') {
      setText('');
      close();
    }
  };

  return (
    <div className={isExpanded ? `${styles.search} ${styles.expanded}` : styles.search}>
      <button
        type="button"
        className={styles.toggle}
        aria-label={t('Search')}
        aria-expanded={isExpanded}
        onClick={() => {
          setIsExpanded(!isExpanded);
          if (!isExpanded) setTimeout(() => inputRef.current?.focus(), 0);
        }}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M15.5 15.5 21 21" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      <form role="search" className={styles.form} onSubmit={handleSubmit}>
        <input
          ref={inputRef}
          type="search"
          className={styles.input}
          placeholder={t('Search')}
          aria-label={t('Search')}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={showList}
          aria-controls={listID}
          aria-activedescendant={active >= 0 && showList ? `${listID}-${String(active)}` : undefined}
          value={text}
          maxLength={300}
          onChange={(event) => {
            setText(event.target.value);
            setIsOpen(true);
            setActive(-1);
          }}
          onKeyDown={handleKeyDown}
          onBlur={() => setTimeout(close, 150)}
          onFocus={() => setIsOpen(true)}
        />
        <ul id={listID} role="listbox" className={showList ? styles.list : styles.hidden} aria-label={t('Suggestions')}>
          {options.map((option, index) => (
            <li
              key={`${option.recordType}:${String(option.recordID)}`}
              id={`${listID}-${String(index)}`}
              role="option"
              aria-selected={index === active}
              className={index === active ? `${styles.option} ${styles.active}` : styles.option}
              onMouseDown={(event) => {
                event.preventDefault();
                openOption(index);
              }}
            >
              <span className={styles.label}>{option.name}</span>
              {option.breadcrumbs && option.breadcrumbs.length > 1 ? (
                <span className={styles.crumbs}>{option.breadcrumbs.slice(1).map((crumb) => crumb.name).join(' › ')}</span>
              ) : null}
            </li>
          ))}
        </ul>
      </form>
    </div>
  );
}
