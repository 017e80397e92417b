import {
  ApiError,
  apiRequest,
  apiURL,
  api,
  getTransientKey,
  normalizeErrorResponse,
} from '../../../lib/api.ts';
import type { DiscussionRecord, TagFragmentLike } from '../components/page/discussion-types.ts';

/** Long-runner progress (api-contract §1.11). */
export interface LongRunnerProgress {
  successIDs: number[];
  failedIDs: number[];
  exceptionsByID: Record<string, { message: string; code: number }>;
  countTotalIDs?: number | null;
}

interface LongRunnerResponse {
  progress?: LongRunnerProgress;
  callbackPayload?: string | null;
}

/** `GET /discussions/{id}?expand=all` (spec 001 §7.4). */
export function fetchDiscussion(discussionID: number): Promise<DiscussionRecord> {
  return api.get<DiscussionRecord>(`/discussions/${discussionID}`, { query: { expand: 'all' } });
}

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
export function patchBump(discussionID: number): Promise<DiscussionRecord> {
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
): Promise<DiscussionRecord> {
  return api.patch(`/discussions/${discussionID}`, patch, { query: { expand: 'all' } });
}

/** `PUT /discussions/{id}/type`. */
export function putDiscussionType(discussionID: number, type: string): Promise<DiscussionRecord> {
  return api.put(`/discussions/${discussionID}/type`, { type });
}

/** `PUT /discussions/{id}/tags`: replaces the user tags; answers the discussion's tags. */
export function putDiscussionTags(
  discussionID: number,
  tagIDs: readonly number[],
): Promise<TagFragmentLike[]> {
  return api.put(`/discussions/${discussionID}/tags`, { tagIDs });
}

/** `PATCH /discussions/move` with one discussion (spec 001 §7.4 single move). */
export async function moveDiscussion(
  discussionID: number,
  categoryID: number,
  addRedirects: boolean,
): Promise<void> {
  const response = await apiRequest<LongRunnerResponse>('/discussions/move', {
    method: 'PATCH',
    body: { discussionIDs: [discussionID], categoryID, addRedirects },
  });
  await finishLongRunner(response.status, response.data);
}

/** `DELETE /discussions/{id}`, resumed through `/calls/run` while the server answers 408. */
export async function deleteDiscussion(discussionID: number): Promise<void> {
  const response = await apiRequest<LongRunnerResponse>(`/discussions/${discussionID}`, {
    method: 'DELETE',
  });
  await finishLongRunner(response.status, response.data);
}

/**
 * spec 001 §4: an answer carrying a callback payload is resumed by posting the payload to
 * `POST /calls/run` (content type `application/system+jwt`) until no payload comes back.
 */
export async function finishLongRunner(
  status: number,
  body: LongRunnerResponse | undefined,
): Promise<void> {
  let payload = status === 408 ? (body?.callbackPayload ?? null) : null;
  let failures = body?.progress?.failedIDs.length ?? 0;
  let lastBody = body;
  while (payload !== null && payload !== '') {
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'Content-Type': 'application/system+jwt',
      'X-Requested-With': 'vanilla',
    };
    const key = getTransientKey();
    if (key !== null) headers['X-Transient-Key'] = key;
    const response = await fetch(apiURL('/calls/run'), {
      method: 'POST',
      headers,
      body: payload,
      credentials: 'same-origin',
    });
    if (response.status >= 400 && response.status !== 408) {
      throw await normalizeErrorResponse(response);
    }
    const text = await response.text();
    lastBody = text === '' ? undefined : (JSON.parse(text) as LongRunnerResponse);
    failures = lastBody?.progress?.failedIDs.length ?? failures;
    payload = response.status === 408 ? (lastBody?.callbackPayload ?? null) : null;
  }
  if (failures > 0) {
    const first = Object.values(lastBody?.progress?.exceptionsByID ?? {})[0];
    throw new ApiError(first?.message ?? 'Something went wrong.', { status: first?.code ?? 500 });
  }
}

/** A category offered by the Move modal (`GET /categories/search`). */
export interface CategorySuggestion {
  categoryID: number;
  name: string;
  url?: string;
  displayAs?: string;
  breadcrumbs?: { name: string; url: string }[];
}

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
