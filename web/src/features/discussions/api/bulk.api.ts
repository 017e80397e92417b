import type { Discussion } from '../../../../../common/src/api/discussions.ts';
import { api } from '../../../lib/api.ts';
import { runLongRunner, type Progress } from '../../../lib/long-runner.ts';
import type { UserFragment } from '../../../../../common/src/api/users.ts';

type OnProgress = (progress: Progress) => void;

function withProgress(onProgress: OnProgress | undefined): { onProgress?: OnProgress } {
  return onProgress === undefined ? {} : { onProgress };
}

/** `DELETE /discussions/list?longRunnerMode=sync` (spec 001 §7.4), resumed through `/calls/run`. */
export function bulkDeleteDiscussions(
  discussionIDs: readonly number[],
  onProgress?: OnProgress,
): Promise<Progress> {
  return runLongRunner('/discussions/list', {
    method: 'DELETE',
    query: { longRunnerMode: 'sync' },
    body: { discussionIDs },
    ids: discussionIDs,
    ...withProgress(onProgress),
  });
}

/** `PATCH /discussions/move` into `categoryID`, optionally leaving redirects. */
export function bulkMoveDiscussions(
  discussionIDs: readonly number[],
  categoryID: number,
  addRedirects: boolean,
  onProgress?: OnProgress,
): Promise<Progress> {
  return runLongRunner('/discussions/move', {
    method: 'PATCH',
    query: { longRunnerMode: 'sync' },
    body: { discussionIDs, categoryID, addRedirects },
    ids: discussionIDs,
    ...withProgress(onProgress),
  });
}

/** `PATCH /discussions/close` (closed: true). */
export function bulkCloseDiscussions(
  discussionIDs: readonly number[],
  onProgress?: OnProgress,
): Promise<Progress> {
  return runLongRunner('/discussions/close', {
    method: 'PATCH',
    query: { longRunnerMode: 'sync' },
    body: { discussionIDs, closed: true },
    ids: discussionIDs,
    ...withProgress(onProgress),
  });
}

/** `PATCH /discussions/merge` into `destinationDiscussionID` (one of the selected). */
export function mergeDiscussions(
  discussionIDs: readonly number[],
  destinationDiscussionID: number,
  addRedirects: boolean,
  onProgress?: OnProgress,
): Promise<Progress> {
  return runLongRunner('/discussions/merge', {
    method: 'PATCH',
    query: { longRunnerMode: 'sync' },
    body: { discussionIDs, destinationDiscussionID, addRedirects },
    ids: discussionIDs,
    ...withProgress(onProgress),
  });
}

/** A user offered by the Change Author picker (the UserFragment fields it shows). */
export type UserSuggestion = Pick<UserFragment, 'userID' | 'name'> & Partial<Pick<UserFragment, 'photoUrl'>>;

/** `GET /users/by-names/?name=<prefix>*&limit=50` (spec 001 §7.4 author picker). */
export function searchUsersByName(prefix: string, signal?: AbortSignal): Promise<UserSuggestion[]> {
  return api.get<UserSuggestion[]>('/users/by-names/', {
    query: { name: `${prefix}*`, limit: 50 },
    ...(signal === undefined ? {} : { signal }),
  });
}

/** `PATCH /discussions/{id}` with `insertUserID` (site.manage or community.manage). */
export function changeDiscussionAuthor(
  discussionID: number,
  insertUserID: number,
): Promise<Discussion> {
  return api.patch<Discussion>(
    `/discussions/${discussionID}`,
    { insertUserID },
    { query: { expand: 'all' } },
  );
}
