import { t } from '../../../../lib/i18n.ts';
import { useBookmarkMutation } from '../../api/discussion-actions.queries.ts';
import styles from './DiscussionOriginalPost.module.css';

export interface BookmarkToggleProps {
  discussionID: number;
  isBookmarked: boolean;
}

/**
 * Bookmark toggle (spec 000 §4): optimistic; icon states normal, bookmarking, bookmarked; reverted
 * on failure with 'There was a problem bookmarking this discussion.'.
 */
export function BookmarkToggle({ discussionID, isBookmarked }: BookmarkToggleProps) {
  const mutation = useBookmarkMutation(discussionID);
  const state = mutation.isPending ? 'bookmarking' : isBookmarked ? 'bookmarked' : 'normal';
  return (
    <button
      type="button"
      className={styles.iconButton}
      aria-pressed={isBookmarked}
      aria-label={t('Bookmark')}
      title={isBookmarked ? t('Bookmarked') : t('Bookmark')}
      data-state={state}
      disabled={mutation.isPending}
      onClick={() => mutation.mutate(!isBookmarked)}
    >
      <svg
        viewBox="0 0 24 24"
        width="20"
        height="20"
        aria-hidden="true"
        focusable="false"
        className={styles.bookmarkIcon}
      >
        <path
          d="M6.5 3.5h11a1 1 0 0 1 1 1v16l-6.5-4.2-6.5 4.2v-16a1 1 0 0 1 1-1z"
          fill={state === 'normal' ? 'none' : 'currentColor'}
          stroke="currentColor"
          strokeWidth="1.7"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  );
}
