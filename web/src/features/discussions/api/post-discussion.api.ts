import type { Category } from '../../../../../common/src/api/categories.ts';
import type { CreateDiscussionInput, Discussion, DiscussionEdit } from '../../../../../common/src/api/discussions.ts';
import { api, apiRequest } from '../../../lib/api.ts';

/** The fields the post forms send (api-contract §8 POST and PATCH /discussions). */
export type DiscussionPostInput = Pick<CreateDiscussionInput, 'name' | 'body' | 'format' | 'categoryID' | 'tagIDs' | 'newTagNames' | 'draftID'>;

/** A created or edited discussion, or the premoderation answer (api-contract §1.10: 202). */
export type DiscussionPostResult =
  { kind: 'saved'; discussion: Discussion } | { kind: 'pending'; message: string };

function toResult(status: number, data: unknown): DiscussionPostResult {
  if (status === 202) {
    const message =
      typeof data === 'object' &&
      data !== null &&
      'message' in data &&
      typeof data.message === 'string'
        ? data.message
        : '';
    return { kind: 'pending', message };
  }
  return { kind: 'saved', discussion: data as Discussion };
}

/**
 * `POST /discussions` (a question: `POST /discussions/question`). Answers the new discussion, or
 * the premoderation message.
 */
export async function postDiscussion(
  input: DiscussionPostInput,
  postType: 'discussion' | 'question' = 'discussion',
): Promise<DiscussionPostResult> {
  const path = postType === 'question' ? '/discussions/question' : '/discussions';
  const response = await apiRequest<unknown>(path, { method: 'POST', body: input });
  return toResult(response.status, response.data);
}

/** `PATCH /discussions/{id}` with the edited fields. */
export async function patchDiscussionPost(
  discussionID: number,
  input: Partial<DiscussionPostInput>,
): Promise<DiscussionPostResult> {
  const response = await apiRequest<unknown>(`/discussions/${discussionID}`, {
    method: 'PATCH',
    body: input,
  });
  return toResult(response.status, response.data);
}

/** `GET /discussions/{id}/edit`: the raw body and format the editor loads (api-contract §1.8). */
export function fetchDiscussionEdit(discussionID: number): Promise<DiscussionEdit> {
  return api.get<DiscussionEdit>(`/discussions/${discussionID}/edit`);
}

/** Display types that take no posts: headings and category lists. */
const nonPostableDisplayAs: ReadonlySet<string> = new Set(['heading', 'categories']);

/**
 * The categories the current user may start a discussion in: `discussions.add`, not archived, and
 * not a heading or a list of categories (flat, in tree order, with `depth`).
 */
export async function fetchPostableCategories(): Promise<Category[]> {
  const categories = await api.get<Category[]>('/categories', {
    query: { outputFormat: 'flat', filterDiscussionsAdd: true, limit: 500 },
  });
  return categories.filter((category) => !nonPostableDisplayAs.has(category.displayAs));
}

/** `GET /categories/{id}` (to tell a missing category from one the user may not post in). */
export function fetchCategory(categoryID: number): Promise<Category> {
  return api.get<Category>(`/categories/${categoryID}`);
}
