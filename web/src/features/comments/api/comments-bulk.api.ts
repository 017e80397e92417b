import type { SplitBody } from '../../../../../common/src/api/discussions.ts';
import { api } from '../../../lib/api.ts';
import { runLongRunner, type Progress } from '../../../lib/long-runner.ts';

/** The new discussion a split asks for (api-contract §8 `newPost`, without a body). */
export type SplitNewPost = Pick<SplitBody['newPost'], 'name' | 'categoryID' | 'authorType'>;

/** `POST /discussions/split` answer: the long runner's body plus the new discussion's URL. */
export interface SplitResult {
  progress?: Progress;
  newPostUrl: string;
}

/** `POST /discussions/split` (api-contract §8): the comments move into a new discussion. */
export function splitComments(
  commentIDs: readonly number[],
  newPost: SplitNewPost,
): Promise<SplitResult> {
  return api.post<SplitResult>('/discussions/split', {
    newPost: { ...newPost, postType: 'discussion' },
    commentIDs,
  });
}

/**
 * `DELETE /comments/list?longRunnerMode=sync` (api-contract §9, §1.11) with `deleteMethod`
 * tombstone (comments with replies stay as placeholders), resumed through `/calls/run`.
 */
export function deleteCommentsList(
  commentIDs: readonly number[],
  onProgress?: (progress: Progress) => void,
): Promise<Progress> {
  return runLongRunner('/comments/list', {
    method: 'DELETE',
    query: { longRunnerMode: 'sync' },
    body: { commentIDs, deleteMethod: 'tombstone' },
    ids: commentIDs,
    ...(onProgress === undefined ? {} : { onProgress }),
  });
}
