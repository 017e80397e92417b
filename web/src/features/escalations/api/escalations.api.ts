import type {
  Escalation,
  EscalationComment,
  EscalationStatus,
  PatchEscalationBody,
} from '../../../../../common/src/api/escalations.ts';
import { api } from '../../../lib/api.ts';

/** The escalations dashboard's filters (`/dashboard/content/escalations`). */
export interface EscalationFilters {
  /** Empty: every status. */
  statuses: EscalationStatus[];
  page: number;
}

/** One page of the list. */
export const ESCALATIONS_PAGE_LIMIT = 30;

/** `GET /escalations` (api-contract §27.7): newest first. */
export function fetchEscalations(filters: EscalationFilters): Promise<Escalation[]> {
  return api.get<Escalation[]>('/escalations', {
    query: {
      status: filters.statuses.length > 0 ? filters.statuses.join(',') : undefined,
      page: filters.page,
      limit: ESCALATIONS_PAGE_LIMIT,
    },
  });
}

/** `GET /escalations/{id}?expand=reports`. */
export function fetchEscalation(escalationID: number): Promise<Escalation> {
  return api.get<Escalation>(`/escalations/${escalationID}`, { query: { expand: 'reports' } });
}

/** `PATCH /escalations/{id}`: status, name, assignee, the record's live state. */
export function patchEscalation(escalationID: number, body: PatchEscalationBody): Promise<Escalation> {
  return api.patch<Escalation>(`/escalations/${escalationID}`, body);
}

/** `GET /comments?parentRecordType=escalation&parentRecordID={id}` (api-contract §9): oldest first. */
export function fetchEscalationComments(escalationID: number): Promise<EscalationComment[]> {
  return api.get<EscalationComment[]>('/comments', {
    query: { parentRecordType: 'escalation', parentRecordID: escalationID, limit: 100 },
  });
}

/** `POST /comments` on an escalation (moderators of its record). */
export function addEscalationComment(escalationID: number, body: string): Promise<EscalationComment> {
  return api.post<EscalationComment>('/comments', {
    parentRecordType: 'escalation',
    parentRecordID: escalationID,
    body,
    format: 'text',
  });
}

/** `PATCH /comments/{id}` of an escalation comment: its new plain text. */
export function editEscalationComment(commentID: number, body: string): Promise<EscalationComment> {
  return api.patch<EscalationComment>(`/comments/${commentID}`, { body, format: 'text' });
}

/** `DELETE /comments/{id}` of an escalation comment. */
export function deleteEscalationComment(commentID: number): Promise<void> {
  return api.delete<void>(`/comments/${commentID}`);
}
