import { useId } from 'react';
import { Avatar } from '../../../../components/Avatar.tsx';
import { DateTime } from '../../../../components/DateTime.tsx';
import { useConfigValue } from '../../../../lib/bootstrap.ts';
import { t } from '../../../../lib/i18n.ts';
import { useCurrentUser, useIsSignedIn, usePermissionSet } from '../../../../lib/session.ts';
import { ReactionsBar } from '../../../reactions/components/ReactionsBar.tsx';
import { useDiscussionRecord } from '../../api/discussion-actions.queries.ts';
import { DiscussionOptionsMenu } from '../options/DiscussionOptionsMenu.tsx';
import {
  canEditDiscussion,
  editTimeLeft,
  isDiscussionModerator,
  type DiscussionOptionsContext,
} from '../options/discussion-options.ts';
import { BookmarkToggle } from './BookmarkToggle.tsx';
import { CopyLinkButton } from './CopyLinkButton.tsx';
import type { Discussion } from '../../../../../../common/src/api/discussions.ts';
import type { UserFragment } from '../../../../../../common/src/api/users.ts';
import { EditDiscussionLink, editCountdownInterval } from './EditDiscussionLink.tsx';
import { sitePath } from './page-links.ts';
import { useNow } from './use-now.ts';
import { UserContent } from './UserContent.tsx';
import { UserCardLink } from '../../../users/components/UserCardLink.tsx';
import { ShareInMessageLink } from '../../../conversations/components/ShareInMessageLink.tsx';
import styles from './DiscussionOriginalPost.module.css';
import { AppLink } from '../../../../components/AppLink.tsx';

export interface DiscussionOriginalPostProps {
  /** The discussion with every expansion (interfaces.md: `DiscussionOriginalPost`). */
  discussion: Discussion;
}

/** Types that show the vote counter instead of Up/Down reaction buttons. */
const votingTypes = new Set(['question', 'idea']);

/**
 * The original post (spec 000 §2 post assets): title, author, date, category, status badges, the
 * rendered body, reactions, bookmark, copy link, the options menu and the edit link with the time
 * left to edit.
 */
export function DiscussionOriginalPost({ discussion: initial }: DiscussionOriginalPostProps) {
  const discussion = useDiscussionRecord(initial);
  const titleID = useId();
  const me = useCurrentUser();
  const isSignedIn = useIsSignedIn();
  const permissions = usePermissionSet();
  const editContentTimeout = useConfigValue('ui.editContentTimeout', 3600);
  const context: Omit<DiscussionOptionsContext, 'now'> = {
    permissions,
    userID: me.userID,
    editContentTimeout,
    taggingEnabled: true,
    triageEnabled: true,
  };
  const isModerator = isDiscussionModerator({ ...context, now: 0 }, discussion);
  const now = useNow((current) =>
    isModerator || discussion.insertUserID !== me.userID
      ? null
      : editCountdownInterval(editTimeLeft({ ...context, now: current }, discussion.dateInserted)),
  );
  const fullContext = { ...context, now };
  const canEdit = canEditDiscussion(fullContext, discussion);
  const timeLeft = isModerator ? null : editTimeLeft(fullContext, discussion.dateInserted);
  const author: UserFragment = discussion.insertUser ?? {
    userID: discussion.insertUserID,
    name: t('Unknown'),
    photoUrl: '',
  };
  const isEdited =
    discussion.dateUpdated !== null &&
    discussion.dateUpdated !== undefined &&
    discussion.dateUpdated !== discussion.dateInserted;
  const category = discussion.category;

  return (
    <article className={styles.post} aria-labelledby={titleID}>
      <header className={styles.header}>
        <div className={styles.badges}>
          {discussion.pinned === true ? (
            <span className={`${styles.badge} ${styles.badgeAnnouncement}`}>
              {t('Announcement')}
            </span>
          ) : null}
          {discussion.closed ? (
            <span className={`${styles.badge} ${styles.badgeClosed}`}>{t('Closed')}</span>
          ) : null}
          {discussion.resolved === true ? (
            <span className={`${styles.badge} ${styles.badgeResolved}`}>{t('Resolved')}</span>
          ) : null}
          {discussion.sink ? <span className={styles.badge}>{t('Sunk')}</span> : null}
          {discussion.muted === true ? <span className={styles.badge}>{t('Muted')}</span> : null}
        </div>
        <div className={styles.titleRow}>
          <h1 id={titleID} className={styles.title}>
            {discussion.name}
          </h1>
          <div className={styles.actions}>
            {isSignedIn ? (
              <BookmarkToggle
                discussionID={discussion.discussionID}
                isBookmarked={discussion.bookmarked === true}
              />
            ) : null}
            <CopyLinkButton url={discussion.url} />
            <ShareInMessageLink url={discussion.url} name={discussion.name} className={styles.iconButton} />
            <DiscussionOptionsMenu discussion={discussion} />
          </div>
        </div>
        <div className={styles.meta}>
          <Avatar photoUrl={author.photoUrl} name={author.name} size="medium" isDecorative />
          <div className={styles.metaText}>
            <span className={styles.authorLine}>
              <UserCardLink className={styles.author} user={author} />
              {author.title ? <span className={styles.authorTitle}>{author.title}</span> : null}
            </span>
            <span className={styles.subMeta}>
              <DateTime date={discussion.dateInserted} />
              {isEdited ? (
                <span className={styles.edited} title={discussion.dateUpdated ?? undefined}>
                  {t('Edited')}
                </span>
              ) : null}
              {category ? (
                <span>
                  {t('in')}{' '}
                  <AppLink className={styles.categoryLink} to={sitePath(category.url)}>
                    {category.name}
                  </AppLink>
                </span>
              ) : null}
            </span>
          </div>
        </div>
      </header>
      <UserContent html={discussion.body ?? ''} className={styles.body} />
      <footer className={styles.footer}>
        <ReactionsBar
          key={discussion.discussionID}
          recordType="discussion"
          recordID={discussion.discussionID}
          reactions={discussion.reactions ?? []}
          score={discussion.score}
          hasVoteCounter={votingTypes.has(discussion.type ?? '')}
          canReact={discussion.permissions?.['comments.add'] ?? true}
        />
        {canEdit ? (
          <EditDiscussionLink discussionID={discussion.discussionID} timeLeft={timeLeft} />
        ) : null}
      </footer>
    </article>
  );
}
