import type {
  CreateDraftInput,
  Draft,
  DraftListItem,
  DraftStatus,
  PatchDraftInput,
} from '../../../../../common/src/api/drafts.ts';
import { api, apiRequest, type Paging } from '../../../lib/api.ts';

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
