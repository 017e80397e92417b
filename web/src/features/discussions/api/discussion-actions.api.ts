import { ApiError, api } from '../../../lib/api.ts';
import { t } from '../../../lib/i18n.ts';
import { runLongRunner, type LongRunnerOptions } from '../../../lib/long-runner.ts';
import type { Discussion } from '../../../../../common/src/api/discussions.ts';
import type { TagFragment } from '../../../../../common/src/api/tags.ts';
import type { Category } from '../../../../../common/src/api/categories.ts';

/** `PUT /discussions/{id}/bookmark` (spec 001 §7.4). */
export function putBookmark(
  discussionID: number,
  bookmarked: boolean,
): Promise<{ bookmarked: boolean }> {
  return api.put(`/discussions/${discussionID}/bookmark`, { bookmarked });
}

/** `PUT /discussions/{id}/dismiss`: the response carries `dismissed`. */
export function putDismiss(
  discussionID: number,
  dismissed: boolean,
): Promise<{ dismissed: boolean }> {
  return api.put(`/discussions/${discussionID}/dismiss`, { dismissed });
}

/** `PUT /discussions/{id}/mute`: the response carries `muted`. */
export function putMute(discussionID: number, muted: boolean): Promise<{ muted: boolean }> {
  return api.put(`/discussions/${discussionID}/mute`, { muted });
}

/** `PATCH /discussions/{id}/bump` (curation.manage). */
export function patchBump(discussionID: number): Promise<Discussion> {
  return api.patch(`/discussions/${discussionID}/bump`);
}

/** The flags `PATCH /discussions/{id}` toggles from the options menu. */
export interface DiscussionFlagsPatch {
  closed?: boolean;
  sink?: boolean;
  resolved?: boolean;
  pinned?: boolean;
  pinLocation?: 'category' | 'recent';
}

/** `PATCH /discussions/{id}` with closed, sink, resolved or the announcement fields. */
export function patchDiscussion(
  discussionID: number,
  patch: DiscussionFlagsPatch,
): Promise<Discussion> {
  return api.patch(`/discussions/${discussionID}`, patch, { query: { expand: 'all' } });
}

/** `PUT /discussions/{id}/type`. */
export function putDiscussionType(discussionID: number, type: string): Promise<Discussion> {
  return api.put(`/discussions/${discussionID}/type`, { type });
}

/** `PUT /discussions/{id}/tags`: replaces the user tags; answers the discussion's tags. */
export function putDiscussionTags(
  discussionID: number,
  tagIDs: readonly number[],
): Promise<TagFragment[]> {
  return api.put(`/discussions/${discussionID}/tags`, { tagIDs });
}

/**
 * Runs a long-running call on one discussion (spec 001 §4) through the one long-runner client;
 * the discussion's failure, if any, is thrown as its `ApiError`.
 */
async function runForDiscussion(
  path: string,
  discussionID: number,
  request: Omit<LongRunnerOptions, 'ids'>,
): Promise<void> {
  const progress = await runLongRunner(path, { ...request, ids: [discussionID] });
  if (progress.failedIDs.length > 0) {
    const first = Object.values(progress.exceptionsByID)[0];
    throw new ApiError(first?.message ?? t('Something went wrong.'), {
      status: first?.code ?? 500,
    });
  }
}

/** `PATCH /discussions/move` with one discussion (spec 001 §7.4 single move). */
export function moveDiscussion(
  discussionID: number,
  categoryID: number,
  addRedirects: boolean,
): Promise<void> {
  return runForDiscussion('/discussions/move', discussionID, {
    method: 'PATCH',
    body: { discussionIDs: [discussionID], categoryID, addRedirects },
  });
}

/** `DELETE /discussions/{id}`, resumed through `/calls/run` while the server answers 408. */
export function deleteDiscussion(discussionID: number): Promise<void> {
  return runForDiscussion(`/discussions/${discussionID}`, discussionID, { method: 'DELETE' });
}

/** A category offered by the Move modal (`GET /categories/search`): the Category fields it shows. */
export type CategorySuggestion = Pick<Category, 'categoryID' | 'name'> &
  Partial<Pick<Category, 'url' | 'displayAs' | 'breadcrumbs'>>;

/** `GET /categories/search` with query, limit 50 and breadcrumbs (spec 001 §7.6). */
export function searchCategories(
  query: string,
  signal?: AbortSignal,
): Promise<CategorySuggestion[]> {
  return api.get<CategorySuggestion[]>('/categories/search', {
    query: { query, limit: 50, expand: 'breadcrumbs' },
    signal,
  });
}
