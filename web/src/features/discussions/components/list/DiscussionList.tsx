import type { Discussion } from '../../../../../../common/src/api/discussions.ts';
import { t } from '../../../../lib/i18n.ts';
import { DiscussionListItem } from './DiscussionListItem.tsx';
import styles from './DiscussionList.module.css';

export interface DiscussionListProps {
  discussions: readonly Discussion[];
  hideCategory?: boolean;
  /** The list's accessible name. */
  label: string;
}

/** A list of discussions; an empty list says so. */
export function DiscussionList({ discussions, hideCategory = false, label }: DiscussionListProps) {
  if (discussions.length === 0) {
    return <p className={styles.empty}>{t('No discussions were found.')}</p>;
  }
  return (
    <ul className={styles.list} aria-label={label}>
      {discussions.map((discussion) => (
        <DiscussionListItem
          key={discussion.discussionID}
          discussion={discussion}
          hideCategory={hideCategory}
        />
      ))}
    </ul>
  );
}
