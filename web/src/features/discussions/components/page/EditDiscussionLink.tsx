import { Link } from 'react-router';
import { displayLimits } from '../../../../../../common/src/constants.ts';
import { editDiscussionPath } from '../../../../app/paths.ts';
import { t } from '../../../../lib/i18n.ts';
import styles from './DiscussionOriginalPost.module.css';

export interface EditDiscussionLinkProps {
  discussionID: number;
  /** Milliseconds of the author's edit window left; null when there is no limit (moderators). */
  timeLeft: number | null;
}

/** Remaining edit time as words: minutes, then seconds under a minute. */
export function formatTimeLeft(milliseconds: number): string {
  const seconds = Math.ceil(milliseconds / 1000);
  if (seconds < 60) return t('{count} s left', { count: seconds });
  const minutes = Math.ceil(seconds / 60);
  return t('{count} minutes left', { count: minutes });
}

/** The countdown's refresh: every 10 s, every 5 s under a minute (spec 001 §9). */
export function editCountdownInterval(timeLeft: number | null): number | null {
  if (timeLeft === null || timeLeft <= 0) return null;
  return timeLeft < 60_000
    ? displayLimits.editCountdownRefreshUnderMinuteMs
    : displayLimits.editCountdownRefreshMs;
}

/**
 * `/post/editdiscussion/{id}` (spec 000 §2): shown only while the viewer may still edit, labelled
 * with the remaining edit time when the author's window applies.
 */
export function EditDiscussionLink({ discussionID, timeLeft }: EditDiscussionLinkProps) {
  if (timeLeft !== null && timeLeft <= 0) return null;
  return (
    <Link className={styles.editLink} to={editDiscussionPath(discussionID)}>
      <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
        <path
          d="M4 20h4L19 9l-4-4L4 16v4zM13.5 6.5l4 4"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinejoin="round"
        />
      </svg>
      <span>{t('Edit')}</span>
      {timeLeft === null ? null : (
        <span className={styles.editTime} suppressHydrationWarning>
          {formatTimeLeft(timeLeft)}
        </span>
      )}
    </Link>
  );
}
