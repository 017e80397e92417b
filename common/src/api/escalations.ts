import { z } from 'zod';
import { rangeExpressionParam } from './categories.ts';
import { commentSchema } from './comments.ts';
import { bodyIDSchema, dateTime, expandParam, limitParam, pageParam, pathIDSchema, queryArray } from './common.ts';
import { contentFormatSchema } from './content.ts';
import { reasonFragmentSchema, reportRecordTypes, reportSchema, MAX_REPORT_NOTE_LENGTH } from './reports.ts';
import { userFragmentSchema } from './users.ts';

/** api-contract §27.7: escalation statuses. */
export const escalationStatuses = ['open', 'in-progress', 'on-hold', 'done'] as const;

export type EscalationStatus = (typeof escalationStatuses)[number];

/** `GET /escalations` paging (api-contract §27.7). */
export const DEFAULT_ESCALATIONS_LIMIT = 100;
export const MAX_ESCALATIONS_LIMIT = 500;

/** Escalation (api-contract §27.7): reports of one record grouped for follow-up by moderators. */
export const escalationSchema = z.object({
  escalationID: z.number().int(),
  name: z.string(),
  url: z.string(),
  status: z.enum(escalationStatuses),
  assignedUserID: z.number().int().nullable(),
  assignedUser: userFragmentSchema.nullable(),
  dateAssigned: dateTime.nullable(),
  recordType: z.enum(reportRecordTypes),
  recordID: z.number().int(),
  recordName: z.string(),
  recordUrl: z.string(),
  recordHtml: z.string(),
  recordIsLive: z.boolean(),
  recordWasEdited: z.boolean(),
  recordUserID: z.number().int(),
  recordUser: userFragmentSchema.optional(),
  recordDateInserted: dateTime,
  placeRecordType: z.literal('category'),
  placeRecordID: z.number().int(),
  placeRecordName: z.string(),
  placeRecordUrl: z.string(),
  reportIDs: z.array(z.number().int()),
  countReports: z.number().int(),
  countReportUsers: z.number().int(),
  reportUserIDs: z.array(z.number().int()),
  reportUsers: z.array(userFragmentSchema),
  reportReasonIDs: z.array(z.string()),
  reportReasons: z.array(reasonFragmentSchema),
  dateLastReport: dateTime.nullable(),
  countComments: z.number().int(),
  insertUserID: z.number().int(),
  insertUser: userFragmentSchema,
  dateInserted: dateTime,
  updateUserID: z.number().int().nullable(),
  updateUser: userFragmentSchema.nullable(),
  dateUpdated: dateTime.nullable(),
  reports: z.array(reportSchema).optional(),
});

export type Escalation = z.infer<typeof escalationSchema>;

/** `{escalationID}` in a path. */
export const escalationIDParamsSchema = z.object({ id: pathIDSchema('Escalation') });

/** `POST /escalations` body (api-contract §27.7). */
export const createEscalationBodySchema = z
  .object({
    recordType: z.enum(reportRecordTypes),
    recordID: bodyIDSchema,
    name: z.string().trim().min(1).max(255),
    status: z.enum(escalationStatuses).optional(),
    assignedUserID: bodyIDSchema.optional(),
    reportID: bodyIDSchema.optional(),
    reportReasonIDs: z.array(z.string().max(255)).min(1).max(20).optional(),
    noteBody: z.string().max(MAX_REPORT_NOTE_LENGTH).optional(),
    noteFormat: contentFormatSchema.optional(),
    recordIsLive: z.boolean().optional(),
    initialCommentBody: z.string().min(1).optional(),
    initialCommentFormat: contentFormatSchema.optional(),
  })
  .superRefine((value, context) => {
    if (value.reportID === undefined && value.reportReasonIDs === undefined)
      context.addIssue({
        code: 'custom',
        path: ['reportReasonIDs'],
        message: 'reportReasonIDs is required without reportID.',
        params: { code: 'missingField', status: 400 },
      });
    if (value.noteBody !== undefined && value.noteFormat === undefined)
      context.addIssue({
        code: 'custom',
        path: ['noteFormat'],
        message: 'noteFormat is required.',
        params: { code: 'missingField', status: 400 },
      });
    // api-contract §27.7: initialCommentBody and initialCommentFormat come together.
    if ((value.initialCommentBody === undefined) !== (value.initialCommentFormat === undefined)) {
      const field = value.initialCommentBody === undefined ? 'initialCommentBody' : 'initialCommentFormat';
      context.addIssue({
        code: 'custom',
        path: [field],
        message: `${field} is required.`,
        params: { code: 'missingField', status: 400 },
      });
    }
  });

export type CreateEscalationBody = z.infer<typeof createEscalationBodySchema>;

/** `PATCH /escalations/{id}` body. */
export const patchEscalationBodySchema = z.object({
  name: z.string().trim().min(1).max(255).optional(),
  status: z.enum(escalationStatuses).optional(),
  assignedUserID: bodyIDSchema.nullable().optional(),
  recordIsLive: z.boolean().optional(),
});

export type PatchEscalationBody = z.infer<typeof patchEscalationBodySchema>;

/** `GET /escalations` query. */
export const escalationListQuerySchema = z.object({
  escalationID: rangeExpressionParam('escalationID').optional(),
  status: queryArray(z.enum(escalationStatuses)),
  recordType: z.enum(reportRecordTypes).optional(),
  recordID: rangeExpressionParam('recordID').optional(),
  placeRecordType: z.literal('category').optional(),
  placeRecordID: rangeExpressionParam('placeRecordID').optional(),
  assignedUserID: rangeExpressionParam('assignedUserID').optional(),
  recordUserID: rangeExpressionParam('recordUserID').optional(),
  recordUserRoleID: rangeExpressionParam('recordUserRoleID').optional(),
  reportReasonID: queryArray(z.string().min(1).max(255)),
  sort: z.enum(['dateInserted', '-dateInserted', 'recordDateInserted', '-recordDateInserted']).default('-dateInserted'),
  page: pageParam,
  limit: limitParam(DEFAULT_ESCALATIONS_LIMIT, MAX_ESCALATIONS_LIMIT),
  expand: expandParam(['reports'] as const).optional(),
});

export type EscalationListQuery = z.infer<typeof escalationListQuerySchema>;

/** `GET /escalations/{id}` query. */
export const escalationGetQuerySchema = z.object({ expand: expandParam(['reports'] as const).optional() });

/**
 * A comment on an escalation (api-contract §9 `parentRecordType: "escalation"`, §27.7): a
 * comment without `discussionID`; moderators of the escalation's record only.
 */
export const escalationCommentSchema = commentSchema
  .omit({ discussionID: true, parentRecordType: true, reactions: true, reportMeta: true, countReports: true })
  .extend({ parentRecordType: z.literal('escalation') });

export type EscalationComment = z.infer<typeof escalationCommentSchema>;
