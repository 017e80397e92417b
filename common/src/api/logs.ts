import { z } from 'zod';
import { dateTime, idSchema, limitParam, pageParam, pathIDSchema, queryArray, queryBoolean } from './common.ts';
import { dateFilterParam, userFragmentSchema } from './users.ts';

// api-contract §27.6 (change log: revisions, deleted content, bans), §27.9 (audit log).

/** What a change-log entry records (api-contract §27.6). */
export const logOperations = ['edit', 'delete', 'ban'] as const;
export type LogOperation = (typeof logOperations)[number];

/** The records the change log keeps. */
export const logRecordTypes = ['discussion', 'comment', 'user'] as const;
export type LogRecordType = (typeof logRecordTypes)[number];

/** `GET /logs` answers at most this many entries a page (api-contract §27.6). */
export const LOGS_MAX_LIMIT = 100;

/** Vanilla's `requireOneOf` message for `GET /logs` without a narrowing filter. */
export const LOGS_ONE_OF_REQUIRED = 'One of recordID, parentRecordID, operation is required.';

/** The LogEntry object (api-contract §27.6): `data` is the record as it was before the operation. */
export const logEntrySchema = z.object({
  logID: z.number().int(),
  operation: z.enum(logOperations),
  recordType: z.enum(logRecordTypes),
  recordID: z.number().int(),
  recordUserID: z.number().int().nullable(),
  recordUser: userFragmentSchema.optional(),
  recordDate: dateTime.nullable(),
  parentRecordID: z.number().int().nullable(),
  categoryID: z.number().int().nullable(),
  insertUserID: z.number().int(),
  insertUser: userFragmentSchema,
  dateInserted: dateTime,
  data: z.record(z.string(), z.unknown()),
});
export type LogEntry = z.infer<typeof logEntrySchema>;

export const logListQuerySchema = z
  .object({
    recordType: z.enum(logRecordTypes),
    recordID: idSchema.optional(),
    parentRecordID: idSchema.optional(),
    operation: queryArray(z.enum(logOperations)),
    insertUserID: idSchema.optional(),
    page: pageParam,
    limit: limitParam(30, LOGS_MAX_LIMIT),
  })
  .superRefine((query, context) => {
    if (query.recordID === undefined && query.parentRecordID === undefined && (query.operation ?? []).length === 0) {
      context.addIssue({
        code: 'custom',
        message: LOGS_ONE_OF_REQUIRED,
        path: [],
        params: { code: 'missingField', status: 400 },
      });
    }
  });
export type LogListQuery = z.output<typeof logListQuerySchema>;

export const logIDParamsSchema = z.object({ id: pathIDSchema('Log') });

// ---------------------------------------------------------------------------------------------
// Audit log (§27.9)

/** The event types of the audit log, with their names (`GET /audit-logs/event-types`). */
export const auditEventTypes = {
  user_signin: 'User signed in',
  user_signinFailed: 'User sign-in failed',
  user_roleModification: 'User roles changed',
  configuration_change: 'Configuration changed',
  passwordReset_emailSent: 'Password reset e-mail sent',
  passwordReset_completed: 'Password reset completed',
  passwordReset_failed: 'Password reset failed',
  theme_apply: 'Theme applied',
  addon_toggled: 'Add-on toggled',
  layout_apply: 'Layout applied',
  premoderation_superSpam: 'Super spam premoderated',
  user_ban: 'User banned',
  user_unban: 'User unbanned',
  user_delete: 'User deleted',
  discussion_delete: 'Discussion deleted',
  comment_delete: 'Comment deleted',
  discussion_move: 'Discussion moved',
  discussion_merge: 'Discussions merged',
  report_dismiss: 'Report dismissed',
  report_approveRecord: 'Report record approved',
  report_rejectRecord: 'Report record rejected',
  report_editRecord: 'Report record edited',
  log_restore: 'Log entry restored',
} as const;
export type AuditEventType = keyof typeof auditEventTypes;

/** `GET /audit-logs` answers at most this many entries a page (api-contract §27.9). */
export const AUDIT_LOGS_MAX_LIMIT = 500;

const jsonObject = z.record(z.string(), z.unknown());

/** The AuditLog object (api-contract §27.9). */
export const auditLogSchema = z.object({
  auditLogID: z.string(),
  eventType: z.string(),
  message: z.string(),
  requestMethod: z.string(),
  requestPath: z.string(),
  requestQuery: jsonObject,
  context: jsonObject,
  meta: jsonObject,
  insertUserID: z.number().int(),
  insertUser: userFragmentSchema.optional(),
  dateInserted: dateTime,
  insertIPAddress: z.string(),
  spoofUserID: z.number().int().nullable(),
  parentAuditLogID: z.string().nullable(),
});
export type AuditLog = z.infer<typeof auditLogSchema>;

export const auditLogListQuerySchema = z.object({
  insertUserID: idSchema.optional(),
  insertIPAddress: z.string().min(1).max(64).optional(),
  eventType: queryArray(z.string().min(1).max(100)),
  dateInserted: dateFilterParam('dateInserted').optional(),
  onlySpoofedActions: queryBoolean.default(false),
  page: pageParam,
  limit: limitParam(30, AUDIT_LOGS_MAX_LIMIT),
});
export type AuditLogListQuery = z.output<typeof auditLogListQuerySchema>;

export const auditLogIDParamsSchema = z.object({ id: z.string().min(1).max(100) });

export const auditEventTypeSchema = z.object({ eventType: z.string(), name: z.string() });
