import type { AdminApi } from './admin-api.ts';

export interface PostedThread {
  discussionID: number;
  /** The discussion's absolute URL. */
  url: string;
  commentID: number;
  /** The category it was posted in. */
  categoryID: number | undefined;
}

/**
 * Has the administrator post a discussion (`name`, "Opening post.") in the General category (else
 * the first that lists discussions), and a comment (`comment`) in it: the thread a moderation
 * journey works on.
 */
export async function postThread(
  api: AdminApi,
  thread: { name: string; comment: string },
): Promise<PostedThread> {
  const categories = await api<{ categoryID: number; displayAs: string; urlcode: string }[]>(
    'GET',
    '/categories?outputFormat=flat',
  );
  // The installation's General category first: another journey's category (perhaps hidden from
  // members, and left behind when that journey timed out) must not become the thread's place.
  const categoryID =
    categories.find((category) => category.urlcode === 'general')?.categoryID ??
    categories.find((category) => category.displayAs === 'discussions')?.categoryID ??
    categories[0]?.categoryID;
  const discussion = await api<{ discussionID: number; url: string }>('POST', '/discussions', {
    name: thread.name,
    body: 'Opening post.',
    format: 'text',
    categoryID,
  });
  const comment = await api<{ commentID: number }>('POST', '/comments', {
    body: thread.comment,
    format: 'text',
    parentRecordType: 'discussion',
    parentRecordID: discussion.discussionID,
  });
  return {
    discussionID: discussion.discussionID,
    url: discussion.url,
    commentID: comment.commentID,
    categoryID,
  };
}
