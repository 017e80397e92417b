import type { Job } from '../../../../common/src/api/jobs.ts';
import { toApiDate } from '../../platform/dates.ts';
import type { JobRow } from '../../platform/jobs/jobs.repo.ts';

function payloadOf(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** A jobs row as administrators see it. */
export function presentJob(row: JobRow): Job {
  return {
    jobID: row.jobID,
    type: row.type,
    payload: payloadOf(row.payload),
    status: row.status as Job['status'],
    runAt: toApiDate(row.runAt),
    attempts: row.attempts,
    maxAttempts: row.maxAttempts,
    lastError: row.lastError,
    jobTrackingID: row.trackingID,
    dateInserted: toApiDate(row.dateInserted),
    dateUpdated: toApiDate(row.dateUpdated),
    dateCompleted: toApiDate(row.dateCompleted),
  };
}
