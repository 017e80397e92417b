import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useBrowserMutation } from '../../../lib/browser-mutation.ts';
import { useCallback } from 'react';
import type { Comment, CommentThread, ThreadItem } from '../../../../../common/src/api/comments.ts';
import type { Discussion } from '../../../../../common/src/api/discussions.ts';
import { discussionPageKeys } from '../../discussions/api/discussion-actions.queries.ts';
import {
  deleteComment,
  fetchCommentThread,
  patchComment,
  postComment,
  type NewComment,
} from './comments.api.ts';

/** Query keys of comment threads: one per discussion page and sort. */
export const commentKeys = {
  threads: (discussionID: number) => ['comments', 'thread', discussionID] as const,
  thread: (discussionID: number, page: number, sort: string) =>
    ['comments', 'thread', discussionID, page, sort] as const,
};

/** The thread of one discussion page, seeded from the hydrated widget props. */
export function useThreadQuery(
  discussionID: number,
  page: number,
  sort: string,
  initial: CommentThread,
) {
  return useQuery({
    queryKey: commentKeys.thread(discussionID, page, sort),
    queryFn: () => fetchCommentThread({ discussionID, page, sort }),
    initialData: initial,
  });
}

function mapItems(items: ThreadItem[], update: (item: ThreadItem) => ThreadItem[]): ThreadItem[] {
  return items.flatMap((item) => {
    const next = update(item);
    return next.map((entry) =>
      entry.type === 'comment' && entry.children !== undefined
        ? { ...entry, children: mapItems(entry.children, update) }
        : entry,
    );
  });
}

/** Replaces a hole with what its `apiUrl` answered. */
export function fillHole(
  thread: CommentThread,
  hole: ThreadItem & { type: 'hole' },
  loaded: CommentThread,
): CommentThread {
  return {
    threadStructure: mapItems(thread.threadStructure, (item) =>
      item === hole || (item.type === 'hole' && item.apiUrl === hole.apiUrl)
        ? loaded.threadStructure
        : [item],
    ),
    commentsByID: { ...thread.commentsByID, ...loaded.commentsByID },
  };
}

/** Adds a new comment: at the end of the thread, or as the last reply of its parent. */
export function addComment(thread: CommentThread, comment: Comment): CommentThread {
  // Already there (its live event and the poster's own answer both add it): only the record is replaced.
  if (thread.commentsByID[String(comment.commentID)] !== undefined) {
    return {
      ...thread,
      commentsByID: { ...thread.commentsByID, [String(comment.commentID)]: comment },
    };
  }
  const parentID = comment.parentCommentID;
  // The thread's paths run from the root, dot-delimited (api-contract §9).
  const item = (parentPath: string): ThreadItem => ({
    type: 'comment',
    commentID: comment.commentID,
    parentCommentID: parentID,
    depth: comment.depth,
    path: parentPath === '' ? String(comment.commentID) : `${parentPath}.${comment.commentID}`,
    children: [],
  });
  const threadStructure =
    parentID === null
      ? [...thread.threadStructure, item('')]
      : mapItems(thread.threadStructure, (entry) =>
          entry.type === 'comment' && entry.commentID === parentID
            ? [{ ...entry, children: [...entry.children, item(entry.path)] }]
            : [entry],
        );
  return {
    threadStructure,
    commentsByID: { ...thread.commentsByID, [String(comment.commentID)]: comment },
  };
}

/** Whether a comment is in any cached page of its discussion's thread. */
export function isCommentCached(
  client: QueryClient,
  discussionID: number,
  commentID: number,
): boolean {
  return client
    .getQueriesData<CommentThread>({ queryKey: commentKeys.threads(discussionID) })
    .some(([, thread]) => thread?.commentsByID[String(commentID)] !== undefined);
}

/** A deleted comment: replies keep their place under a tombstone; a leaf leaves the thread. */
export function removeComment(thread: CommentThread, commentID: number): CommentThread {
  const commentsByID = { ...thread.commentsByID };
  const threadStructure = mapItems(thread.threadStructure, (entry) => {
    if (entry.type !== 'comment' || entry.commentID !== commentID) return [entry];
    const existing = commentsByID[String(commentID)];
    if ((entry.children ?? []).length > 0 && existing !== undefined) {
      commentsByID[String(commentID)] = { ...existing, displayType: 'tombstone', body: '' };
      return [entry];
    }
    delete commentsByID[String(commentID)];
    return [];
  });
  return { threadStructure, commentsByID };
}

/** Writes a thread change into every cached page of the discussion's thread. */
export function useThreadUpdater(discussionID: number) {
  const client = useQueryClient();
  return useCallback(
    (update: (thread: CommentThread) => CommentThread) => {
      client.setQueriesData<CommentThread>(
        { queryKey: commentKeys.threads(discussionID) },
        (thread) => (thread === undefined ? thread : update(thread)),
      );
    },
    [client, discussionID],
  );
}

/** Moves the discussion's comment count by `delta` in the page's cached discussion. */
export function adjustCommentCount(client: QueryClient, discussionID: number, delta: number): void {
  client.setQueryData<Discussion>(discussionPageKeys.detail(discussionID), (discussion) =>
    discussion === undefined
      ? discussion
      : { ...discussion, countComments: Math.max(0, discussion.countComments + delta) },
  );
}

/**
 * `POST /comments` on the discussion (a reply names its `parentCommentID`): a saved comment joins
 * the cached thread and the discussion's count; a premoderated one (202) changes nothing.
 */
export function usePostCommentMutation(discussionID: number) {
  const client = useQueryClient();
  const updateThread = useThreadUpdater(discussionID);
  return useBrowserMutation({
    mutationFn: (input: Omit<NewComment, 'discussionID'>) =>
      postComment({ ...input, discussionID }),
    onSuccess: (result) => {
      if (result.kind !== 'created') return;
      // The live stream may have brought it first: counted once.
      const known = isCommentCached(client, discussionID, result.comment.commentID);
      updateThread((thread) => addComment(thread, result.comment));
      if (!known) adjustCommentCount(client, discussionID, 1);
    },
  });
}

/**
 * `PATCH /comments/{id}`: the saved comment replaces the cached one (a 202 changes nothing); with
 * `draftID` the server deletes the edit's draft.
 */
export function usePatchCommentMutation(discussionID: number, commentID: number) {
  const updateThread = useThreadUpdater(discussionID);
  return useMutation({
    mutationFn: (input: { body: string; format: string; draftID?: number }) =>
      patchComment(commentID, input),
    onSuccess: (result) => {
      if (result.kind !== 'created') return;
      const key = String(commentID);
      updateThread((thread) => {
        const current = thread.commentsByID[key];
        return current === undefined
          ? thread
          : {
              ...thread,
              commentsByID: { ...thread.commentsByID, [key]: { ...current, ...result.comment } },
            };
      });
    },
  });
}

/** `DELETE /comments/{id}`: the comment leaves the cached thread (or becomes a tombstone). */
export function useDeleteCommentMutation(discussionID: number, commentID: number) {
  const client = useQueryClient();
  const updateThread = useThreadUpdater(discussionID);
  return useBrowserMutation({
    mutationFn: () => deleteComment(commentID),
    onSuccess: () => {
      updateThread((thread) => removeComment(thread, commentID));
      adjustCommentCount(client, discussionID, -1);
    },
  });
}
