import type { Comment } from '../../../../../common/src/api/comments.ts';
import { commentPath } from '../../../app/paths.ts';
import { AppLink } from '../../../components/AppLink.tsx';
import { DateTime } from '../../../components/DateTime.tsx';
import { t } from '../../../lib/i18n.ts';
import { UserContent } from '../../discussions/components/page/UserContent.tsx';
import styles from './ProfilePage.module.css';

export interface ProfileCommentListProps {
  comments: readonly Comment[];
  label: string;
}

/** A member's comments on their profile: the discussion ("Re: …"), the date and the body. */
export function ProfileCommentList({ comments, label }: ProfileCommentListProps) {
  if (comments.length === 0) return <p className={styles.empty}>{t('No comments were found.')}</p>;
  return (
    <ul className={styles.comments} aria-label={label}>
      {comments.map((comment) => (
        <li key={comment.commentID} className={styles.comment}>
          <AppLink className={styles.commentTitle} to={commentPath(comment.commentID)}>
            {comment.name}
          </AppLink>
          <span className={styles.commentMeta}>
            <DateTime date={comment.dateInserted} />
            {comment.category ? ` · ${comment.category.name}` : null}
          </span>
          <UserContent html={comment.body ?? ''} className={styles.commentBody} />
        </li>
      ))}
    </ul>
  );
}
