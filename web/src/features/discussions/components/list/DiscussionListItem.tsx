import { displayLimits } from '../../../../../../common/src/constants.ts';
import type { Discussion } from '../../../../../../common/src/api/discussions.ts';
import { discussionPath, profilePath, tagDiscussionsPath } from '../../../../app/paths.ts';
import { Avatar } from '../../../../components/Avatar.tsx';
import { DateTime } from '../../../../components/DateTime.tsx';
import { t } from '../../../../lib/i18n.ts';
import { abbreviateCount } from '../../../../layout/format-count.ts';
import { toSitePath } from '../../../../layout/page-url.ts';
import { BulkItemSelect, BulkItemStatus } from '../bulk/BulkItemSelect.tsx';
import styles from './DiscussionList.module.css';
import { AppLink } from '../../../../components/AppLink.tsx';
import { UserCardLink } from '../../../users/components/UserCardLink.tsx';

export interface DiscussionListItemProps {
  discussion: Discussion;
  /** Hide the category link (inside that category's own list). */
  hideCategory?: boolean;
}

/** spec 001 §9: the unread badge shows at most 99, then '99+'. */
export function unreadBadgeText(count: number): string {
  return count > displayLimits.unreadBadgeMax ? `${displayLimits.unreadBadgeMax}+` : String(count);
}

/**
 * One discussion of a list: title, author, category, counts, last activity, unread state,
 * announcement/closed/bookmarked markers and up to 3 user tags.
 */
export function DiscussionListItem({ discussion, hideCategory = false }: DiscussionListItemProps) {
  const href = discussionPath({ discussionID: discussion.discussionID, name: discussion.name });
  const author = discussion.insertUser;
  const lastUser = discussion.lastUser;
  const hasComments = discussion.countComments > 0;
  const lastDate = discussion.dateLastComment ?? discussion.dateInserted;
  const userTags = (discussion.tags ?? [])
    .filter((tag) => tag.type === 'User')
    .slice(0, displayLimits.defaultUserTagsOnListItem);
  const countUnread = discussion.countUnread ?? 0;
  const titleID = `discussion-${discussion.discussionID}-title`;
  return (
    <li
      className={`${styles.item} ${discussion.unread || countUnread > 0 ? styles.unreadItem : ''}`}
    >
      <BulkItemSelect discussion={discussion} />
      <div className={styles.avatar}>
        {author === undefined ? null : (
          <AppLink to={profilePath(author.name)} tabIndex={-1} aria-hidden="true">
            <Avatar photoUrl={author.photoUrl} name={author.name} size="medium" isDecorative />
          </AppLink>
        )}
      </div>
      <div className={styles.body}>
        <div className={styles.titleRow}>
          <h3 className={styles.title} id={titleID}>
            <AppLink to={href} className={styles.titleLink}>
              {discussion.name}
            </AppLink>
          </h3>
          <ul className={styles.markers} aria-label={t('Status')}>
            {discussion.pinned ? (
              <li className={`${styles.marker} ${styles.announcement}`}>{t('Announcement')}</li>
            ) : null}
            {discussion.closed ? <li className={styles.marker}>{t('Closed')}</li> : null}
            {discussion.bookmarked ? (
              <li className={`${styles.marker} ${styles.bookmarked}`}>{t('Bookmarked')}</li>
            ) : null}
            {discussion.type === 'question' ? (
              <li className={styles.marker}>{t('Question')}</li>
            ) : null}
            {countUnread > 0 ? (
              <li className={`${styles.marker} ${styles.unread}`}>
                {t('{count} new', { count: unreadBadgeText(countUnread) })}
              </li>
            ) : discussion.unread ? (
              <li className={`${styles.marker} ${styles.unread}`}>{t('New')}</li>
            ) : null}
          </ul>
        </div>
        {discussion.excerpt === undefined || discussion.excerpt === '' ? null : (
          <p className={styles.excerpt}>{discussion.excerpt}</p>
        )}
        <div className={styles.meta}>
          {author === undefined ? null : (
            <UserCardLink user={author} className={styles.metaLink} />
          )}
          <span className={styles.metaItem}>
            {hasComments && lastUser !== undefined ? (
              <>
                {t('Last comment by')}{' '}
                <UserCardLink user={lastUser} className={styles.metaLink} />{' '}
                <DateTime date={lastDate} />
              </>
            ) : (
              <DateTime date={discussion.dateInserted} />
            )}
          </span>
          {hideCategory || discussion.category === undefined ? null : (
            <AppLink
              to={toSitePath(discussion.category.url)}
              className={`${styles.metaItem} ${styles.category}`}
            >
              {discussion.category.name}
            </AppLink>
          )}
          <span className={styles.metaItem}>
            {t('{count} comments', { count: abbreviateCount(discussion.countComments) })}
          </span>
          <span className={styles.metaItem}>
            {t('{count} views', { count: abbreviateCount(discussion.countViews) })}
          </span>
        </div>
        {userTags.length === 0 ? null : (
          <ul className={styles.tags} aria-label={t('Tags')}>
            {userTags.map((tag) => (
              <li key={tag.tagID}>
                <AppLink to={tagDiscussionsPath(tag)} className={styles.tag}>
                  {tag.name}
                </AppLink>
              </li>
            ))}
          </ul>
        )}
        <BulkItemStatus discussionID={discussion.discussionID} />
      </div>
    </li>
  );
}
