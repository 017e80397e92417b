import type { Discussion, DiscussionsQueryInput } from '../../../../../common/src/api/discussions.ts';
import { apiRequest, api, type Paging } from '../../../lib/api.ts';

/** Query params of `GET /discussions` as the client sends them (api-contract §8). */
export type DiscussionListParams = Partial<
  Record<keyof DiscussionsQueryInput, string | number | boolean | readonly (string | number)[]>
>;

/** A page of discussions with the paging headers read (api-contract §1.9). */
export interface DiscussionPage {
  discussions: Discussion[];
  paging: Paging;
}

/** `GET /discussions` (api-contract §8): a numbered page, expand as asked. */
export async function fetchDiscussions(
  params: DiscussionListParams,
  signal?: AbortSignal,
): Promise<DiscussionPage> {
  const response = await apiRequest<Discussion[]>('/discussions', {
    query: params,
    ...(signal === undefined ? {} : { signal }),
  });
  return { discussions: response.data, paging: response.paging };
}

/** `GET /discussions/{id}` (api-contract §8). */
export function fetchDiscussionByID(
  discussionID: number,
  expand: readonly string[] = [],
): Promise<Discussion> {
  return api.get<Discussion>(`/discussions/${discussionID}`, {
    query: expand.length > 0 ? { expand } : {},
  });
}
