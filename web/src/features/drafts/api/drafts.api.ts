import type {
  CreateDraftInput,
  Draft,
  DraftListItem,
  DraftStatus,
  PatchDraftInput,
} from '../../../../../common/src/api/drafts.ts';
import { api, apiRequest, type Paging } from '../../../lib/api.ts';
import { patchComment, postComment } from '../../comments/api/comments.api.ts';
import { patchDiscussionPost, postDiscussion } from '../../discussions/api/post-discussion.api.ts';

/** A page of drafts and its paging headers (a numbered pager). */
export interface DraftPage {
  drafts: DraftListItem[];
  paging: Paging;
}

/** What the drafts list filters by (api-contract §23 `GET /drafts`). */
export interface DraftListFilter {
  draftStatus: DraftStatus;
  page?: number;
  limit?: number;
  recordType?: string;
  parentRecordID?: number;
  sort?: string;
}

/** `GET /drafts`: the current user's drafts. */
export async function fetchDrafts(filter: DraftListFilter): Promise<DraftPage> {
  const query: Record<string, string | number> = { draftStatus: filter.draftStatus };
  if (filter.page !== undefined) query.page = filter.page;
  if (filter.limit !== undefined) query.limit = filter.limit;
  if (filter.recordType !== undefined) query.recordType = filter.recordType;
  if (filter.parentRecordID !== undefined) query.parentRecordID = filter.parentRecordID;
  if (filter.sort !== undefined) query.sort = filter.sort;
  const response = await apiRequest<DraftListItem[]>('/drafts', { query });
  return { drafts: response.data, paging: response.paging };
}

/** `GET /drafts/{id}`. */
export function fetchDraft(draftID: number): Promise<Draft> {
  return api.get<Draft>(`/drafts/${draftID}`);
}

/** `POST /drafts`. */
export function createDraft(input: CreateDraftInput): Promise<Draft> {
  return api.post<Draft>('/drafts', input);
}

/** `PATCH /drafts/{id}`. */
export function patchDraft(draftID: number, input: PatchDraftInput): Promise<Draft> {
  return api.patch<Draft>(`/drafts/${draftID}`, input);
}

/** `DELETE /drafts/{id}`. */
export async function deleteDraft(draftID: number): Promise<void> {
  await api.delete<null>(`/drafts/${draftID}`);
}

/** `PATCH /drafts/schedule/{id}`: a new date for a scheduled draft. */
export function rescheduleDraft(draftID: number, dateScheduled: string): Promise<Draft> {
  return api.patch<Draft>(`/drafts/schedule/${draftID}`, { dateScheduled });
}

/** `PATCH /drafts/cancel-schedule/{id}`: back to a draft. */
export function cancelDraftSchedule(draftID: number): Promise<Draft> {
  return api.patch<Draft>(`/drafts/cancel-schedule/${draftID}`);
}

/** Where a published draft went: its page, or the premoderation message. */
export type PublishedDraft = { kind: 'published'; url: string | null } | { kind: 'pending'; message: string };

function numberOf(value: unknown): number | undefined {
  return typeof value === 'number' ? value : undefined;
}

/**
 * Publishes a draft now through the posting calls with `draftID`, which deletes it (api-contract
 * §8/§9/§23): a new or edited discussion, a new or edited comment.
 */
export async function publishDraft(draft: Draft): Promise<PublishedDraft> {
  const attributes = draft.attributes;
  const meta = (typeof attributes.draftMeta === 'object' && attributes.draftMeta !== null ? attributes.draftMeta : {}) as Record<string, unknown>;
  const body = typeof attributes.body === 'string' ? attributes.body : '';
  const format = typeof attributes.format === 'string' ? attributes.format : 'rich2';
  const draftID = draft.draftID;
  if (draft.recordType === 'comment') {
    const result =
      draft.recordID === undefined
        ? await postComment({ discussionID: draft.parentRecordID ?? 0, body, format, draftID })
        : await patchComment(draft.recordID, { body, format, draftID });
    return result.kind === 'pending' ? { kind: 'pending', message: result.message } : { kind: 'published', url: result.comment.url };
  }
  const name = typeof meta.name === 'string' ? meta.name : typeof attributes.name === 'string' ? attributes.name : '';
  const categoryID = numberOf(meta.categoryID) ?? (draft.parentRecordType === 'category' ? draft.parentRecordID : undefined);
  const result =
    draft.recordID === undefined
      ? await postDiscussion({ name, body, format, categoryID: categoryID ?? 0, draftID })
      : await patchDiscussionPost(draft.recordID, { ...(name === '' ? {} : { name }), body, format, draftID });
  return result.kind === 'pending' ? { kind: 'pending', message: result.message } : { kind: 'published', url: result.discussion.url };
}
