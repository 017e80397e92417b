import { apiRequest, api } from '../../../lib/api.ts';
import type {
  Comment,
  CommentQuote,
  CommentThread,
} from '../../../../../common/src/api/comments.ts';

/** What `POST /comments` answers: the comment, or the premoderation message (202). */
export type PostCommentResult =
  { kind: 'created'; comment: Comment } | { kind: 'pending'; message: string };

export interface NewComment {
  discussionID: number;
  body: string;
  /** rich2 from the comment box; a published draft keeps its own format. */
  format: string;
  parentCommentID?: number;
  /** The autosaved draft the server deletes once the comment is posted (api-contract §23). */
  draftID?: number;
}

/** `POST /comments` (api-contract §9); a 202 is premoderation. */
export async function postComment(input: NewComment): Promise<PostCommentResult> {
  const response = await apiRequest<Comment | { message?: string }>('/comments', {
    method: 'POST',
    body: {
      body: input.body,
      format: input.format,
      parentRecordType: 'discussion',
      parentRecordID: input.discussionID,
      ...(input.parentCommentID === undefined ? {} : { parentCommentID: input.parentCommentID }),
      ...(input.draftID === undefined ? {} : { draftID: input.draftID }),
    },
  });
  if (response.status === 202 || !('commentID' in response.data)) {
    const message = 'message' in response.data ? response.data.message : undefined;
    return { kind: 'pending', message: message ?? '' };
  }
  return { kind: 'created', comment: response.data };
}

/** `PATCH /comments/{id}`; a 202 (premoderation) answers no comment. */
export async function patchComment(
  commentID: number,
  input: { body: string; format: string; draftID?: number },
): Promise<PostCommentResult> {
  const response = await apiRequest<Comment | { message?: string }>(`/comments/${commentID}`, {
    method: 'PATCH',
    body: input,
  });
  if (response.status === 202 || !('commentID' in response.data)) {
    const message = 'message' in response.data ? response.data.message : undefined;
    return { kind: 'pending', message: message ?? '' };
  }
  return { kind: 'created', comment: response.data };
}

/** `GET /comments/{id}/edit`: the raw source for the editor. */
export function fetchCommentEdit(commentID: number): Promise<{ body: string; format: string }> {
  return api.get(`/comments/${commentID}/edit`);
}

/** `GET /comments/{id}/quote`: the raw body the quote is built from. */
export function fetchCommentQuote(commentID: number): Promise<CommentQuote> {
  return api.get(`/comments/${commentID}/quote`);
}

/** `DELETE /comments/{id}`. */
export async function deleteComment(commentID: number): Promise<void> {
  await api.delete(`/comments/${commentID}`);
}

/** `GET /comments/{id}` (after an edit that the list needs in full). */
export function fetchComment(commentID: number): Promise<Comment> {
  return api.get(`/comments/${commentID}`, { query: { expand: 'reactions' } });
}

/** The thread page of a discussion (`GET /comments/thread`, api-contract §9). */
export function fetchCommentThread(query: {
  discussionID: number;
  page?: number;
  sort?: string;
  focusCommentID?: number;
  parentCommentID?: number;
}): Promise<CommentThread> {
  return api.get('/comments/thread', {
    query: {
      parentRecordType: 'discussion',
      parentRecordID: query.discussionID,
      page: query.page,
      sort: query.sort,
      focusCommentID: query.focusCommentID,
      parentCommentID: query.parentCommentID,
      expand: 'reactions',
    },
  });
}

/**
 * Loads a hole's `apiUrl` (an absolute `/api/v2/comments/thread?...` address) through the API
 * client, so it carries the usual headers and error handling.
 */
export function fetchThreadHole(apiUrl: string): Promise<CommentThread> {
  const url = new URL(apiUrl, 'http://localhost');
  const path = url.pathname.replace(/^\/api\/v2/, '');
  const query: Record<string, string> = {};
  url.searchParams.forEach((value, key) => {
    query[key] = value;
  });
  return api.get(path, { query });
}
