import type { Discussion } from '../../../../../../common/src/api/discussions.ts';
import { t } from '../../../../lib/i18n.ts';
import { useCurrentUser, usePermissionSet } from '../../../../lib/session.ts';
import { useBulkSelection } from '../../../discussions/components/bulk/bulk-selection.tsx';
import { isDiscussionModerator } from '../../../discussions/components/options/discussion-options.ts';
import styles from '../../../discussions/components/bulk/BulkActions.module.css';
import threadStyles from '../CommentThread.module.css';

/** The comments' bulk selection key in storage (one per discussion). */
export function commentBulkListKey(discussionID: number): string {
  return `comments.discussion.${discussionID}`;
}

/**
 * Whether the viewer may moderate the discussion's comments in bulk: the check the discussion page
 * uses for its moderation options (community.moderate, or discussions.edit in the category).
 */
export function useCanBulkModerateComments(discussion: Discussion): boolean {
  const permissions = usePermissionSet();
  const me = useCurrentUser();
  if (me.userID === 0) return false;
  return isDiscussionModerator(
    {
      permissions,
      userID: me.userID,
      editContentTimeout: -1,
      taggingEnabled: false,
      triageEnabled: false,
      now: 0,
    },
    discussion,
  );
}

export interface CommentBulkSelectProps {
  commentID: number;
  authorName: string;
}

/** A comment's bulk checkbox, labelled 'Select comment by {name}'; only inside a comment selection. */
export function CommentBulkSelect({ commentID, authorName }: CommentBulkSelectProps) {
  const selection = useBulkSelection();
  if (selection === null) return null;
  return (
    <div className={`${styles.select} ${threadStyles.bulkSelect}`}>
      <input
        type="checkbox"
        aria-label={t('Select comment by {name}', { name: authorName })}
        checked={selection.isChecked(commentID)}
        disabled={selection.statusByID[commentID] === 'loading'}
        onChange={(event) => selection.setChecked(commentID, event.target.checked)}
      />
    </div>
  );
}
