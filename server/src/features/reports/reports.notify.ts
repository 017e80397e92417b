import { z } from 'zod';
import { loadPermissionSet } from '../../permissions/permission-set.ts';
import { registerJob, type JobServices } from '../../platform/jobs/registry.ts';
import { deliverDirectNotification } from '../notifications/notifications.direct.ts';
import { moderatesPlace } from './reports.policy.ts';
import { findReportByID } from './reports.repo.ts';
import { findModeratorCandidates, findPlacePermissionCategory } from './reports.records.repo.ts';

/** The job that tells a report's moderators about it (activity `Report`, api-contract §27.4, §6). */
export const NOTIFY_REPORT_JOB = 'notifyReport';

const payloadSchema = z.object({ reportID: z.number().int() });

/**
 * Notifies the moderators of a reported record (`community.moderate`, or `posts.moderate` in its
 * category), each per their `Report` preferences; the reporter is not told of their own report.
 */
export async function notifyReport(reportID: number, services: JobServices): Promise<void> {
  const { db } = services;
  const report = await findReportByID(db, reportID);
  if (!report || report.status !== 'new') return;
  const place = await findPlacePermissionCategory(db, report.placeRecordID);
  if (!place) return;
  const recipientIDs: number[] = [];
  for (const userID of await findModeratorCandidates(db)) {
    if (moderatesPlace(await loadPermissionSet(db, userID), place)) recipientIDs.push(userID);
  }
  await deliverDirectNotification(services, {
    activityType: 'Report',
    recipientIDs,
    actorUserID: report.insertUserID,
    recordType: report.recordType,
    recordID: report.recordID,
    url: `/dashboard/content/reports?statuses=none&recordType=${report.recordType}&recordID=${String(report.recordID)}`,
    subjectName: report.recordName,
    batchKey: `Report:${report.recordType}:${String(report.recordID)}`,
    dedupeKey: `report:${String(report.reportID)}`,
  });
}

registerJob(NOTIFY_REPORT_JOB, {
  schema: payloadSchema,
  handler: async (payload, run) => notifyReport(payload.reportID, run.services),
});
