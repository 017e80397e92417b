import { z } from 'zod';
import { loadPermissionSet } from '../../permissions/permission-set.ts';
import { registerJob, type JobServices } from '../../platform/jobs/registry.ts';
import { deliverDirectNotification } from '../notifications/notifications.direct.ts';
import { moderatesPlace } from './reports.policy.ts';
import { findReportByID } from './reports.repo.ts';
import { findModeratorCandidates, findPlacePermissionCategory, findPlaces } from './reports.records.repo.ts';
import { categoryUrl } from '../categories/categories.present.ts';
import { commentUrl, discussionUrl } from '../discussions/discussions.present.ts';

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

/** The job that tells the author of a post that waited for approval what was decided (api-contract §27.5). */
export const NOTIFY_APPROVAL_JOB = 'notifyApprovalDecision';

const decisionPayloadSchema = z.object({
  reportID: z.number().int(),
  decision: z.enum(['approved', 'rejected']),
  moderatorID: z.number().int(),
});

/**
 * Notifies the author of a queued post (a new post or an edit) that a moderator approved or
 * rejected it (activity `Approval`, per their preferences). An approved post links to itself, a
 * rejected one to its category (the post is not shown).
 */
export async function notifyApprovalDecision(
  payload: z.infer<typeof decisionPayloadSchema>,
  services: JobServices,
): Promise<void> {
  const report = await findReportByID(services.db, payload.reportID);
  if (!report) return;
  let url: string;
  if (payload.decision === 'approved')
    url =
      report.recordType === 'discussion'
        ? discussionUrl('', report.recordID, report.recordName)
        : commentUrl('', report.recordID);
  else {
    const place = (await findPlaces(services.db, [report.placeRecordID])).get(report.placeRecordID);
    url = place ? categoryUrl('', place.urlcode) : '/';
  }
  await deliverDirectNotification(services, {
    activityType: 'Approval',
    recipientIDs: [report.recordUserID],
    actorUserID: payload.moderatorID,
    recordType: report.recordType,
    recordID: report.recordID,
    url,
    subjectName: report.recordName,
    batchKey: `Approval:${report.recordType}:${String(report.recordID)}`,
    dedupeKey: `approval:${String(report.reportID)}:${payload.decision}`,
    decision: payload.decision,
  });
}

registerJob(NOTIFY_APPROVAL_JOB, {
  schema: decisionPayloadSchema,
  handler: async (payload, run) => notifyApprovalDecision(payload, run.services),
});
