import { Link } from 'react-router';
import { postDiscussionPath } from '../../app/paths.ts';
import { buttonClassName } from '../../components/Button.tsx';
import { t } from '../../lib/i18n.ts';
import styles from './Widgets.module.css';

export interface NewPostMenuProps {
  /** The category to post in (the page's); none lets the form ask. */
  categoryID?: number | null;
  /** Post types the viewer may start here (the server checked `discussions.add`). */
  postTypes?: string[];
}

/** 'New Discussion' and, where the category allows questions, 'New Question'. */
export function NewPostMenu({ categoryID = null, postTypes = [] }: NewPostMenuProps) {
  if (postTypes.length === 0) {
    return null;
  }
  const category = categoryID === null ? undefined : categoryID;
  return (
    <div className={styles.newPost}>
      {postTypes.includes('discussion') ? (
        <Link
          to={postDiscussionPath({ postType: 'discussion', categoryID: category })}
          className={buttonClassName('primary')}
        >
          {t('New Discussion')}
        </Link>
      ) : null}
      {postTypes.includes('question') ? (
        <Link
          to={postDiscussionPath({ postType: 'question', categoryID: category })}
          className={buttonClassName(postTypes.includes('discussion') ? 'standard' : 'primary')}
        >
          {t('New Question')}
        </Link>
      ) : null}
    </div>
  );
}
