import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import type { Discussion } from '../../../../../../common/src/api/discussions.ts';
import { t } from '../../../../lib/i18n.ts';
import {
  applyBulkChanges,
  BulkSelectionProvider,
  useBulkSelection,
} from '../bulk/bulk-selection.tsx';
import { DiscussionListItem } from './DiscussionListItem.tsx';
import styles from './DiscussionList.module.css';

// The bulk actions (and their dialogs and long-runner client) load once something is checked:
// only moderators check discussions, and never before the page has hydrated.
const BulkActionsBar = lazy(async () => ({
  default: (await import('../bulk/BulkActionsBar.tsx')).BulkActionsBar,
}));

export interface DiscussionListProps {
  discussions: readonly Discussion[];
  hideCategory?: boolean;
  /** The list's accessible name. */
  label: string;
}

/**
 * A list of discussions; an empty list says so. Moderators get a checkbox per discussion and the
 * bulk selection toast (spec 000 §4), the selection kept per list path.
 */
export function DiscussionList(props: DiscussionListProps) {
  const location = useLocation();
  return (
    <BulkSelectionProvider listKey={location.pathname}>
      <DiscussionListContent {...props} />
    </BulkSelectionProvider>
  );
}

function DiscussionListContent({ discussions, hideCategory = false, label }: DiscussionListProps) {
  const selection = useBulkSelection();
  const shown = applyBulkChanges(discussions, selection?.changes);
  if (shown.length === 0) {
    return <p className={styles.empty}>{t('No discussions were found.')}</p>;
  }
  return (
    <>
      <ul className={styles.list} aria-label={label}>
        {shown.map((discussion) => (
          <DiscussionListItem
            key={discussion.discussionID}
            discussion={discussion}
            hideCategory={hideCategory}
          />
        ))}
      </ul>
      {selection !== null && shown.some((item) => selection.isChecked(item.discussionID)) ? (
        <Suspense fallback={null}>
          <BulkActionsBar discussions={shown} />
        </Suspense>
      ) : null}
    </>
  );
}
