import { useId, useState, type KeyboardEvent } from 'react';
import type { UserFragment } from '../../../../../common/src/api/users.ts';
import { Avatar } from '../../../components/Avatar.tsx';
import { t } from '../../../lib/i18n.ts';
import { useDebounced } from '../../../lib/use-debounced.ts';
import { useUsersByNamePrefixQuery } from '../../discussions/api/discussion-actions.queries.ts';
import styles from './AssigneePicker.module.css';

export interface AssigneePickerProps {
  assignedUser: UserFragment | null;
  isDisabled?: boolean;
  /** A user's ID, or null for "Unassigned". */
  onChange: (userID: number | null) => void;
}

interface Choice {
  userID: number | null;
  name: string;
  photoUrl?: string | undefined;
}

/**
 * The escalation's assignee (api-contract §27.7 `assignedUserID: int|null`): a combobox that finds
 * users by name prefix (`GET /users/by-names/`), with "Unassigned" first. The server refuses a
 * user who does not moderate the record (422 on `assignedUserID`), shown as the error toast.
 */
export function AssigneePicker({ assignedUser, isDisabled = false, onChange }: AssigneePickerProps) {
  const baseID = useId();
  const inputID = `${baseID}-input`;
  const listID = `${baseID}-list`;
  const [text, setText] = useState('');
  const [isOpen, setIsOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const prefix = useDebounced(text.trim(), 150);
  const users = useUsersByNamePrefixQuery(prefix);
  const found = prefix === '' ? [] : (users.data ?? []);
  const choices: Choice[] = [
    { userID: null, name: t('Unassigned') },
    ...found
      .filter((user) => user.userID !== assignedUser?.userID)
      .map((user) => ({ userID: user.userID, name: user.name, photoUrl: user.photoUrl })),
  ];
  const showList = isOpen && !isDisabled;

  const choose = (choice: Choice) => {
    setText('');
    setIsOpen(false);
    setActiveIndex(-1);
    if (choice.userID !== (assignedUser?.userID ?? null)) onChange(choice.userID);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setIsOpen(true);
      setActiveIndex((activeIndex + 1) % choices.length);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setIsOpen(true);
      setActiveIndex(activeIndex <= 0 ? choices.length - 1 : activeIndex - 1);
    } else if (event.key === 'Escape' && isOpen) {
      event.preventDefault();
      setIsOpen(false);
      setActiveIndex(-1);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const active = showList ? choices[activeIndex] : undefined;
      if (active !== undefined) choose(active);
    }
  };

  return (
    <div className={styles.picker}>
      <label htmlFor={inputID} className={styles.label}>
        {t('Assignee')}
      </label>
      <input
        id={inputID}
        className={styles.input}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={listID}
        aria-activedescendant={showList && activeIndex >= 0 ? `${listID}-${String(activeIndex)}` : undefined}
        disabled={isDisabled}
        value={text}
        placeholder={assignedUser?.name ?? t('Unassigned')}
        onChange={(event) => {
          setText(event.target.value);
          setIsOpen(true);
          setActiveIndex(-1);
        }}
        onFocus={() => setIsOpen(true)}
        onKeyDown={handleKeyDown}
        onBlur={() => setIsOpen(false)}
      />
      <ul id={listID} role="listbox" aria-label={t('Assignee')} className={styles.list} hidden={!showList}>
        {choices.map((choice, index) => (
          // Pointer-only: the keyboard path goes through the input (aria-activedescendant).
          // eslint-disable-next-line jsx-a11y/click-events-have-key-events
          <li
            key={choice.userID ?? 'none'}
            id={`${listID}-${String(index)}`}
            role="option"
            aria-selected={index === activeIndex}
            className={styles.option}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(choice)}
          >
            {choice.userID === null ? null : (
              <Avatar photoUrl={choice.photoUrl ?? ''} name={choice.name} size="small" isDecorative />
            )}
            {choice.name}
          </li>
        ))}
        {prefix !== '' && users.isSuccess && found.length === 0 ? (
          <li role="presentation" className={styles.hint}>
            {t('No users found.')}
          </li>
        ) : null}
      </ul>
    </div>
  );
}
