import { api } from '../../../lib/api.ts';
import type {
  ReactionSummaryItem,
  UserFragmentLike,
} from '../../discussions/components/page/discussion-types.ts';

/** Records that take reactions (api-contract §10). */
export type ReactionRecordType = 'discussion' | 'comment';

/** A reaction type (`GET /reactions`, api-contract §10). */
export interface ReactionType {
  urlcode?: string;
  urlCode?: string;
  name: string;
  class: string;
  tagID: number;
  active?: boolean;
  hidden?: boolean;
  sort?: number;
  reactionValue?: number;
}

/** One entry of a record's reaction log (api-contract §1.14 ReactionLog item). */
export interface ReactionLogEntry {
  recordType: string;
  recordID: number;
  tagID: number;
  userID: number;
  dateInserted: string;
  user: UserFragmentLike;
  reactionType: { tagID: number; urlcode: string; name: string; class?: string };
}

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
): Promise<ReactionSummaryItem[]> {
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
): Promise<ReactionLogEntry[]> {
  return api.get(`${recordPath(recordType, recordID)}/reactions`, {
    query: { type, limit: 100 },
  });
}

/** The record's reactions (and score), to refresh counts after only removing a reaction. */
export function fetchRecordReactions(
  recordType: ReactionRecordType,
  recordID: number,
): Promise<{ reactions?: ReactionSummaryItem[]; score?: number | null }> {
  return api.get(recordPath(recordType, recordID), { query: { expand: 'reactions' } });
}
