import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Comment, CommentThread } from '../../../../../common/src/api/comments.ts';
import type { MeCounts } from '../../../../../common/src/api/users.ts';
import { useToasts } from '../../../components/toast-context.tsx';
import { connectLiveEvents, type LiveHandlers } from '../../../lib/live-events.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import { addComment, adjustCommentCount, commentKeys, isCommentCached } from '../../comments/api/comments.queries.ts';
import { conversationKeys } from '../../conversations/api/conversations.queries.ts';
import { notificationKeys } from '../../notifications/api/notifications.queries.ts';
import { useOpenDiscussionID } from '../hooks/live-discussion.ts';
import { LiveNotificationToast } from './LiveNotificationToast.tsx';

/** How long a live notification's toast stays (ms). */
const TOAST_MS = 6000;

/** Sets the bell's count in the cached me-counts (refetched instead when none is cached yet). */
function setUnreadCount(client: QueryClient, count: number): void {
  const cached = client.getQueryData<MeCounts>(notificationKeys.counts);
  if (!cached) {
    void client.invalidateQueries({ queryKey: notificationKeys.counts });
    return;
  }
  const others = cached.counts.filter((item) => item.name !== 'UnreadNotifications');
  client.setQueryData<MeCounts>(notificationKeys.counts, {
    ...cached,
    counts: [...others, { name: 'UnreadNotifications', count }],
  });
}

/** A comment that arrived live joins every cached page of its thread once (not the author's own, already there). */
function addLiveComment(client: QueryClient, comment: Comment): void {
  const cachedPages = client.getQueriesData<CommentThread>({ queryKey: commentKeys.threads(comment.discussionID) });
  if (cachedPages.length === 0 || isCommentCached(client, comment.discussionID, comment.commentID)) return;
  client.setQueriesData<CommentThread>({ queryKey: commentKeys.threads(comment.discussionID) }, (thread) =>
    thread === undefined ? thread : addComment(thread, comment),
  );
  adjustCommentCount(client, comment.discussionID, 1);
}

/**
 * The page's live stream (issue 13): the bell's badge follows the server at once, a new
 * notification shows a toast and refreshes the lists, new private messages refresh the inbox,
 * and the open discussion's new comments join its thread. Renders nothing.
 */
export function LiveUpdates() {
  const client = useQueryClient();
  const user = useCurrentUser();
  const { addToast, removeToast } = useToasts();
  const discussionID = useOpenDiscussionID();
  const signedIn = user.userID !== 0;

  useEffect(() => {
    if (!signedIn && discussionID === null) return undefined;
    const handlers: LiveHandlers = {
      ready: (data) => {
        if (data.userID !== 0) setUnreadCount(client, data.countUnreadNotifications);
      },
      notificationCount: (data) => setUnreadCount(client, data.countUnreadNotifications),
      notification: (notification) => {
        void client.invalidateQueries({ queryKey: notificationKeys.all });
        const toastID = `live-notification-${String(notification.notificationID)}`;
        addToast({
          toastID,
          body: <LiveNotificationToast notification={notification} onNavigate={() => removeToast(toastID)} />,
          dismissible: true,
          autoDismiss: true,
          autoDismissDuration: TOAST_MS,
        });
      },
      message: () => {
        void client.invalidateQueries({ queryKey: conversationKeys.all });
        void client.invalidateQueries({ queryKey: notificationKeys.counts });
      },
      comment: (comment) => addLiveComment(client, comment),
    };
    const connection = connectLiveEvents({ discussionID, handlers });
    return () => connection.close();
  }, [client, signedIn, discussionID, user.userID, addToast, removeToast]);

  return null;
}
