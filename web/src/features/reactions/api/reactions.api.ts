import { api } from '../../../lib/api.ts';
import type {
  ReactionLog,
  ReactionRecordType,
  ReactionSummary,
  ReactionType,
} from '../../../../../common/src/api/reactions.ts';

function recordPath(recordType: ReactionRecordType, recordID: number): string {
  return `/${recordType}s/${recordID}`;
}

/** `GET /reactions`: the reaction types. */
export function fetchReactionTypes(): Promise<ReactionType[]> {
  return api.get<ReactionType[]>('/reactions');
}

/** `POST /{recordType}s/{recordID}/reactions`: answers the record's counts. */
export function postReaction(
  recordType: ReactionRecordType,
  recordID: number,
  reactionType: string,
): Promise<ReactionSummary[]> {
  return api.post(`${recordPath(recordType, recordID)}/reactions`, { reactionType });
}

/** `DELETE /{recordType}s/{recordID}/reactions` (the current user's reaction). */
export async function deleteOwnReaction(
  recordType: ReactionRecordType,
  recordID: number,
): Promise<void> {
  await api.delete(`${recordPath(recordType, recordID)}/reactions`);
}

/** `GET /{recordType}s/{recordID}/reactions`: the log, optionally of one type. */
export function fetchReactionLog(
  recordType: ReactionRecordType,
  recordID: number,
  type?: string,
): Promise<ReactionLog[]> {
  return api.get(`${recordPath(recordType, recordID)}/reactions`, {
    query: { type, limit: 100 },
  });
}

/** The record's reactions (and score), to refresh counts after only removing a reaction. */
export function fetchRecordReactions(
  recordType: ReactionRecordType,
  recordID: number,
): Promise<{ reactions?: ReactionSummary[]; score?: number | null }> {
  return api.get(recordPath(recordType, recordID), { query: { expand: 'reactions' } });
}
