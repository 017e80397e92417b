import { Avatar } from '../../../components/Avatar.tsx';
import { t } from '../../../lib/i18n.ts';
import type { MentionUser } from '../api/mentions.api.ts';
import styles from './RichEditor.module.css';

export interface MentionListboxProps {
  id: string;
  users: readonly MentionUser[];
  activeIndex: number;
  isLoading: boolean;
  position: { top: number; left: number };
  onChoose: (user: MentionUser) => void;
  onHover: (index: number) => void;
}

/** The id of a suggestion, for the editor's aria-activedescendant. */
export function mentionOptionID(listboxID: string, index: number): string {
  return `${listboxID}-option-${index}`;
}

/** The @mention suggestions under the caret (options chosen with arrows, Enter or Tab). */
export function MentionListbox({
  id,
  users,
  activeIndex,
  isLoading,
  position,
  onChoose,
  onHover,
}: MentionListboxProps) {
  if (users.length === 0) {
    return (
      <div className={styles.mentionPopup} style={position} role="status">
        <p className={styles.mentionEmpty}>
          {isLoading ? t('Loading') : t('No users match this name.')}
        </p>
      </div>
    );
  }
  return (
    <div className={styles.mentionPopup} style={position}>
      <ul
        id={id}
        role="listbox"
        aria-label={t('Mention suggestions')}
        className={styles.mentionList}
      >
        {users.map((user, index) => (
          // Pointer-only: the keyboard path goes through the editor (aria-activedescendant).
          // eslint-disable-next-line jsx-a11y/click-events-have-key-events
          <li
            key={user.userID}
            id={mentionOptionID(id, index)}
            role="option"
            aria-selected={index === activeIndex}
            className={styles.mentionOption}
            onMouseDown={(event) => event.preventDefault()}
            onMouseEnter={() => onHover(index)}
            onClick={() => onChoose(user)}
          >
            <Avatar photoUrl={user.photoUrl ?? null} name={user.name} size="xsmall" isDecorative />
            <span>{user.name}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
