import { useEffect, useId, useState } from 'react';
import { useLocation } from 'react-router';
import { overlayLimits } from '../../../../../common/src/constants.ts';
import { Avatar } from '../../../components/Avatar.tsx';
import { Pager } from '../../../components/Pager.tsx';
import { useErrorToast } from '../../../components/toast-context.tsx';
import { discussionPath } from '../../../app/paths.ts';
import { t } from '../../../lib/i18n.ts';
import { useDiscussionRecord } from '../../discussions/api/discussion-actions.queries.ts';
import { useLiveDiscussion } from '../../live/hooks/live-discussion.ts';
import type {
  CommentThread as CommentThreadData,
  ThreadItem,
} from '../../../../../common/src/api/comments.ts';
import type { Discussion } from '../../../../../common/src/api/discussions.ts';
import { fetchThreadHole } from '../api/comments.api.ts';
import { fillHole, useThreadQuery, useThreadUpdater } from '../api/comments.queries.ts';
import { BulkSelectionProvider } from '../../discussions/components/bulk/bulk-selection.tsx';
import { CommentBulkBar } from './bulk/CommentBulkBar.tsx';
import {
  CommentBulkSelect,
  commentBulkListKey,
  useCanBulkModerateComments,
} from './bulk/CommentBulkSelect.tsx';
import { CommentItem } from './CommentItem.tsx';
import styles from './CommentThread.module.css';

/** Paging the layout hydrates with the thread. */
export interface ThreadPaging {
  page: number;
  limit: number;
  total: number;
}

export interface CommentThreadProps {
  discussion: Discussion;
  thread: CommentThreadData;
  paging: ThreadPaging;
  sort?: string | undefined;
  /** The comment the page was opened for (`/discussion/comment/{id}`): scrolled to and highlighted. */
  focusCommentID?: number | null | undefined;
}

/** The comment anchor id (`#Comment_{id}`). */
export function commentAnchorID(commentID: number): string {
  return `Comment_${commentID}`;
}

/**
 * The threaded comments of a discussion page (spec 000 §2): replies indented by depth, collapsed
 * branches ('Show N more replies') loaded from their `apiUrl`, deleted comments kept as
 * placeholders over their replies, a pager under the thread. A `#Comment_{id}` hash or
 * `focusCommentID` scrolls to that comment and highlights it.
 */
export function CommentThread({
  discussion: initialDiscussion,
  thread: initialThread,
  paging,
  sort,
  focusCommentID,
}: CommentThreadProps) {
  const discussion = useDiscussionRecord(initialDiscussion);
  // Issue 13: the page's live stream carries this discussion's new comments.
  useLiveDiscussion(discussion.discussionID);
  const sortKey = sort ?? 'dateInserted';
  const query = useThreadQuery(discussion.discussionID, paging.page, sortKey, initialThread);
  const thread = query.data;
  const location = useLocation();
  const headingID = useId();
  const canBulkModerate = useCanBulkModerateComments(discussion);

  useEffect(() => {
    const fromHash = /^#Comment_(\d+)$/.exec(location.hash)?.[1];
    const targetID = fromHash !== undefined ? Number(fromHash) : (focusCommentID ?? null);
    if (targetID === null) return undefined;
    const focus = () => {
      const element = document.getElementById(commentAnchorID(targetID));
      if (element === null) return;
      element.scrollIntoView?.({ block: 'center' });
      element.setAttribute('data-focused', 'true');
    };
    focus();
    // spec 001 §9: the hash scroll repeats after 500 ms (images above may have moved it).
    const timer = setTimeout(focus, overlayLimits.hashScrollRepeatMs);
    return () => clearTimeout(timer);
  }, [location.hash, focusCommentID]);

  const count = discussion.countComments;
  const section = (
    <section className={styles.thread} aria-labelledby={headingID}>
      <h2 id={headingID} className={styles.heading}>
        {t('{count} Comments', { count })}
      </h2>
      {thread.threadStructure.length === 0 ? (
        <p className={styles.empty}>{t('No comments yet.')}</p>
      ) : (
        <ThreadList
          items={thread.threadStructure}
          thread={thread}
          discussion={discussion}
          depth={1}
        />
      )}
      <div className={styles.pager}>
        <Pager
          page={paging.page}
          total={paging.total}
          limit={paging.limit}
          label={t('Comment pages')}
          hrefForPage={(page) =>
            discussionPath({
              discussionID: discussion.discussionID,
              name: discussion.name,
              page,
              query: location.search,
            })
          }
        />
      </div>
      {canBulkModerate ? (
        <CommentBulkBar
          discussion={discussion}
          commentIDs={Object.values(thread.commentsByID).map((comment) => comment.commentID)}
        />
      ) : null}
    </section>
  );
  // Moderators select comments to split or delete them (spec 000 §2 bulk forms).
  return canBulkModerate ? (
    <BulkSelectionProvider listKey={commentBulkListKey(discussion.discussionID)}>
      {section}
    </BulkSelectionProvider>
  ) : (
    section
  );
}

interface ThreadListProps {
  items: readonly ThreadItem[];
  thread: CommentThreadData;
  discussion: Discussion;
  depth: number;
}

function ThreadList({ items, thread, discussion, depth }: ThreadListProps) {
  return (
    <ol className={depth === 1 ? styles.list : styles.children}>
      {items.map((item) =>
        item.type === 'comment' ? (
          <ThreadComment
            key={`c${item.commentID}`}
            item={item}
            thread={thread}
            discussion={discussion}
            depth={depth}
          />
        ) : (
          <li key={`h${item.apiUrl}`} className={styles.holeItem}>
            <ThreadHole hole={item} discussion={discussion} />
          </li>
        ),
      )}
    </ol>
  );
}

function ThreadComment({
  item,
  thread,
  discussion,
  depth,
}: Omit<ThreadListProps, 'items'> & { item: ThreadItem & { type: 'comment' } }) {
  const comment = thread.commentsByID[String(item.commentID)];
  const children = item.children ?? [];
  return (
    <li id={commentAnchorID(item.commentID)} className={styles.item}>
      {comment === undefined || comment.displayType === 'tombstone' ? null : (
        <CommentBulkSelect
          commentID={comment.commentID}
          authorName={comment.insertUser?.name ?? t('Unknown')}
        />
      )}
      {comment === undefined ? null : (
        <CommentItem comment={comment} discussion={discussion} depth={item.depth ?? depth} />
      )}
      {children.length > 0 ? (
        <ThreadList items={children} thread={thread} discussion={discussion} depth={depth + 1} />
      ) : null}
    </li>
  );
}

function ThreadHole({
  hole,
  discussion,
}: {
  hole: ThreadItem & { type: 'hole' };
  discussion: Discussion;
}) {
  const updateThread = useThreadUpdater(discussion.discussionID);
  const showError = useErrorToast();
  const [isLoading, setIsLoading] = useState(false);
  const load = async () => {
    setIsLoading(true);
    try {
      const loaded = await fetchThreadHole(hole.apiUrl);
      updateThread((thread) => fillHole(thread, hole, loaded));
    } catch (error) {
      showError(error);
      setIsLoading(false);
    }
  };
  const users = hole.insertUsers ?? [];
  return (
    <button
      type="button"
      className={styles.hole}
      onClick={() => void load()}
      disabled={isLoading}
      aria-busy={isLoading || undefined}
    >
      {users.length > 0 ? (
        <span className={styles.holeAvatars} aria-hidden="true">
          {users.slice(0, 5).map((user) => (
            <span key={user.userID} className={styles.holeAvatar}>
              <Avatar photoUrl={user.photoUrl} name={user.name} size="xsmall" isDecorative />
            </span>
          ))}
        </span>
      ) : null}
      <span>
        {hole.countAllComments === 1
          ? t('Show 1 more reply')
          : t('Show {count} more replies', { count: hole.countAllComments })}
      </span>
    </button>
  );
}
