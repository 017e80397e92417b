import type { Comment } from '../../../../../common/src/api/comments.ts';
import type { Discussion } from '../../../../../common/src/api/discussions.ts';
import type { LogEntry, LogOperation, LogRecordType } from '../../../../../common/src/api/logs.ts';
import { api } from '../../../lib/api.ts';
import { fetchComment } from '../../comments/api/comments.api.ts';
import { fetchDiscussionByID } from '../../discussions/api/discussions.api.ts';

/** What the `/log/filter` pages ask for (spec 000 §2; api-contract §27.6). */
export interface LogFilter {
  recordType: LogRecordType;
  recordID?: number | undefined;
  parentRecordID?: number | undefined;
  operation?: LogOperation | undefined;
}

/** `GET /logs`: the newest entries first (one page of 100). */
export function fetchLogs(filter: LogFilter): Promise<LogEntry[]> {
  return api.get<LogEntry[]>('/logs', {
    query: {
      recordType: filter.recordType,
      recordID: filter.recordID,
      parentRecordID: filter.parentRecordID,
      operation: filter.operation,
      limit: 100,
    },
  });
}

/** `POST /logs/{id}/restore`: the record after the restore. */
export function restoreLog(logID: number): Promise<Discussion | Comment> {
  return api.post<Discussion | Comment>(`/logs/${logID}/restore`);
}

/** The live version of a record, as the newest revision is compared with it: name and body text. */
export interface LiveVersion {
  name: string;
  body: string;
}

/** Block ends become line breaks, so paragraphs do not run together in the text. */
const BLOCK_END = /<\/(p|div|li|h[1-6]|blockquote|pre|tr)>|<br\s*\/?>/gi;

/** The text of rendered HTML (run in the browser only: queries never run in the server render). */
function textOfHtml(html: string): string {
  const document = new DOMParser().parseFromString(html.replace(BLOCK_END, '$&\n'), 'text/html');
  return (document.body.textContent ?? '').trim();
}

/** The record a revision-history page is about, as it is now (`GET /discussions/{id}` or `/comments/{id}`). */
export async function fetchLiveVersion(recordType: 'discussion' | 'comment', recordID: number): Promise<LiveVersion> {
  if (recordType === 'discussion') {
    const discussion = await fetchDiscussionByID(recordID);
    return { name: discussion.name, body: textOfHtml(discussion.body ?? '') };
  }
  const comment = await fetchComment(recordID);
  return { name: '', body: textOfHtml(comment.body ?? '') };
}
