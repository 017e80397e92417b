import { z } from 'zod';
import { rangeExpressionParam } from './categories.ts';
import {
  bodyIDSchema,
  dateTime,
  intSchema,
  limitParam,
  pageParam,
  pathIDSchema,
  queryArray,
  queryBoolean,
} from './common.ts';
import { contentFormatSchema } from './content.ts';
import { DISCUSSION_NAME_MAX_LENGTH } from './discussions.constants.ts';
import { userFragmentSchema } from './users.ts';

/** api-contract §27.4: report statuses; `new` awaits a moderator. */
export const reportStatuses = ['new', 'escalated', 'dismissed', 'rejected'] as const;

export type ReportStatus = (typeof reportStatuses)[number];

/** api-contract §27.4: records that can be reported. */
export const reportRecordTypes = ['discussion', 'comment'] as const;

export type ReportRecordType = (typeof reportRecordTypes)[number];

/** api-contract §27.3: the system reasons the server uses (never listed to reporters). */
export const APPROVAL_REQUIRED_REASON = 'approval-required';
export const SPAM_AUTOMATION_REASON = 'spam-automation';

/** api-contract §27.10 messages, verbatim. */
export const REPORTING_DISABLED_MESSAGE = 'Reporting is not enabled.';
export const NO_REPORT_REASONS_MESSAGE = 'No report reasons available.';
export const REASON_EXISTS_MESSAGE = 'A reason with this API name already exists.';

/** `GET /reports` paging (api-contract §27.4). */
export const DEFAULT_REPORTS_LIMIT = 100;
export const MAX_REPORTS_LIMIT = 500;

/** A note is at most 10,000 characters (api-contract §27.4, inferred). */
export const MAX_REPORT_NOTE_LENGTH = 10_000;

/** ReasonFragment (api-contract §27.3): inside reports and `reportMeta`. */
export const reasonFragmentSchema = z.object({
  reportReasonID: z.string(),
  name: z.string(),
  description: z.string(),
  sort: z.number().int(),
  deleted: z.boolean(),
  isSystem: z.boolean(),
});

export type ReasonFragment = z.infer<typeof reasonFragmentSchema>;

/** ReportReason (api-contract §27.3). */
export const reportReasonSchema = reasonFragmentSchema.extend({
  roleIDs: z.array(z.number().int()).nullable(),
  roles: z.array(z.object({ roleID: z.number().int(), name: z.string() })).nullable(),
  dateInserted: dateTime,
  insertUserID: z.number().int(),
  dateUpdated: dateTime.nullable(),
  updateUserID: z.number().int().nullable(),
  countReports: z.number().int().optional(),
});

export type ReportReason = z.infer<typeof reportReasonSchema>;

/** `{reportReasonID}` in a path. */
export const reportReasonIDParamsSchema = z.object({ reportReasonID: z.string().max(255) });

/** `GET /report-reasons` and `GET /report-reasons/{id}` query. */
export const reportReasonsQuerySchema = z.object({
  includeDeleted: queryBoolean.optional(),
  includeSystem: queryBoolean.optional(),
});

const reasonSlug = z
  .string()
  .min(1)
  .max(255)
  .regex(/^[A-Za-z0-9-]+$/, { message: 'reportReasonID may hold letters, digits and hyphens only.' });

/** `POST /report-reasons` body (api-contract §27.3). */
export const createReportReasonBodySchema = z.object({
  reportReasonID: reasonSlug,
  name: z.string().trim().min(1).max(255),
  description: z.string().trim().min(1).max(500),
  sort: intSchema(0).optional(),
  roleIDs: z.array(bodyIDSchema).max(100).optional(),
});

export type CreateReportReasonBody = z.infer<typeof createReportReasonBodySchema>;

/** `PATCH /report-reasons/{id}` body. */
export const patchReportReasonBodySchema = z.object({
  name: z.string().trim().min(1).max(255).optional(),
  description: z.string().trim().min(1).max(500).optional(),
  sort: intSchema(0).optional(),
  roleIDs: z.array(bodyIDSchema).max(100).optional(),
});

export type PatchReportReasonBody = z.infer<typeof patchReportReasonBodySchema>;

/** `PUT /report-reasons/sorts` body: `{"<reportReasonID>": sort}`. */
export const reportReasonSortsBodySchema = z.record(z.string().max(255), intSchema(0));

/** Report (api-contract §27.4). The raw note and the raw record source are never output. */
export const reportSchema = z.object({
  reportID: z.number().int(),
  status: z.enum(reportStatuses),
  recordType: z.enum(reportRecordTypes),
  recordID: z.number().int().nullable(),
  recordName: z.string(),
  recordHtml: z.string(),
  recordExcerpt: z.string().optional(),
  recordFormat: z.string(),
  recordUrl: z.string(),
  recordIsLive: z.boolean(),
  recordWasEdited: z.boolean(),
  recordUserID: z.number().int(),
  recordUser: userFragmentSchema.optional(),
  recordDateInserted: dateTime,
  recordDateUpdated: dateTime.nullable().optional(),
  placeRecordType: z.literal('category'),
  placeRecordID: z.number().int(),
  placeRecordName: z.string(),
  placeRecordUrl: z.string(),
  reasons: z.array(reasonFragmentSchema),
  noteHtml: z.string().optional(),
  insertUserID: z.number().int(),
  insertUser: userFragmentSchema.optional(),
  dateInserted: dateTime,
  updateUserID: z.number().int().nullable(),
  dateUpdated: dateTime.nullable(),
  isPending: z.boolean(),
  isPendingUpdate: z.boolean(),
  escalationID: z.number().int().nullable(),
  escalationUrl: z.string().nullable(),
});

export type Report = z.infer<typeof reportSchema>;

/** `{reportID}` in a path; past the column's range it is "Report not found.". */
export const reportIDParamsSchema = z.object({ id: pathIDSchema('Report') });

/** `POST /reports` body (api-contract §27.4). */
export const createReportBodySchema = z
  .object({
    recordType: z.enum(reportRecordTypes),
    recordID: bodyIDSchema,
    reportReasonIDs: z.array(z.string().max(255)).min(1).max(20),
    noteBody: z.string().max(MAX_REPORT_NOTE_LENGTH).optional(),
    noteFormat: contentFormatSchema.optional(),
  })
  .superRefine((value, context) => {
    if (value.noteBody !== undefined && value.noteFormat === undefined)
      context.addIssue({
        code: 'custom',
        path: ['noteFormat'],
        message: 'noteFormat is required.',
        params: { code: 'missingField', status: 400 },
      });
  });

export type CreateReportBody = z.infer<typeof createReportBodySchema>;

/** `GET /reports` query (api-contract §27.4); `recordID` needs `recordType`, `placeRecordID` needs `placeRecordType`. */
export const reportListQuerySchema = z
  .object({
  status: queryArray(z.enum(reportStatuses)),
  recordType: z.enum(reportRecordTypes).optional(),
  recordID: rangeExpressionParam('recordID').optional(),
  placeRecordType: z.literal('category').optional(),
  placeRecordID: rangeExpressionParam('placeRecordID').optional(),
  reportReasonID: queryArray(z.string().max(255)),
  insertUserID: rangeExpressionParam('insertUserID').optional(),
  insertUserRoleID: rangeExpressionParam('insertUserRoleID').optional(),
  recordUserID: rangeExpressionParam('recordUserID').optional(),
  escalationID: rangeExpressionParam('escalationID').optional(),
  sort: z.enum(['dateInserted', '-dateInserted', 'recordDateInserted', '-recordDateInserted']).default('-dateInserted'),
  page: pageParam,
  limit: limitParam(DEFAULT_REPORTS_LIMIT, MAX_REPORTS_LIMIT),
})
  .superRefine((value, context) => {
    const pairs = [
      ['recordID', 'recordType'],
      ['placeRecordID', 'placeRecordType'],
    ] as const;
    for (const [given, needed] of pairs)
      if (value[given] !== undefined && value[needed] === undefined)
        context.addIssue({
          code: 'custom',
          path: [needed],
          message: `${needed} is required with ${given}.`,
          params: { code: 'missingField', status: 400 },
        });
  });

export type ReportListQuery = z.infer<typeof reportListQuerySchema>;

/** `PATCH /reports/{id}` body. */
export const patchReportBodySchema = z.object({
  status: z.enum(reportStatuses).optional(),
  premoderatedRecord: z
    .object({
      name: z.string().trim().min(1).max(DISCUSSION_NAME_MAX_LENGTH).optional(),
      body: z.string().min(1).max(200_000).optional(),
      format: contentFormatSchema.optional(),
    })
    .optional(),
});

export type PatchReportBody = z.infer<typeof patchReportBodySchema>;

/** `PATCH /reports/{id}/dismiss` and `/approve-record` body. */
export const verifyRecordUserBodySchema = z
  .object({ verifyRecordUser: z.boolean().optional() })
  .optional()
  .default({});

/** `PATCH /reports/{id}/reject-record` body: empty. */
export const emptyBodySchema = z.object({}).optional().default({});

/** The premoderation answer (api-contract §1.10, §27.5): 202 with the queue entry's ID. */
export const premoderatedAnswerSchema = z.object({
  message: z.string(),
  status: z.literal(202),
  reportID: z.number().int(),
  escalationID: z.number().int().optional(),
});

export type PremoderatedAnswer = z.infer<typeof premoderatedAnswerSchema>;

/** `reportMeta` of a discussion or comment (api-contract §27.4; moderators only). */
export const reportMetaSchema = z.object({
  countReports: z.number().int(),
  countReportUsers: z.number().int(),
  dateLastReport: dateTime.nullable(),
  reportReasonIDs: z.array(z.string()),
  reportReasons: z.array(reasonFragmentSchema),
  reportUserIDs: z.array(z.number().int()),
  reportUsers: z.array(userFragmentSchema),
});

export type ReportMeta = z.infer<typeof reportMetaSchema>;
