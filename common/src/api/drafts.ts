import { z } from 'zod';
import { bodyIDSchema, dateTime, limitParam, pageParam, pathIDSchema, queryBoolean } from './common.ts';
import { breadcrumbSchema } from './categories.ts';
import { dateFilterParam } from './users.ts';

// api-contract §23 (drafts and scheduling), spec 000 §3 "Draft", spec 001 §7.11.

export const draftRecordTypes = ['discussion', 'comment', 'article', 'event'] as const;
export type DraftRecordType = (typeof draftRecordTypes)[number];

export const draftStatuses = ['draft', 'scheduled', 'error'] as const;
export type DraftStatus = (typeof draftStatuses)[number];

/** The largest draft source (the posts' own ceiling, api-contract §1.8). */
export const DRAFT_BODY_MAX_LENGTH = 200_000;
/** The most characters the whole `attributes` object may take as JSON. */
export const DRAFT_ATTRIBUTES_MAX_LENGTH = 250_000;
/** The longest a post may be scheduled ahead (api-contract §23: "less than 1 year from now"). */
export const DRAFT_SCHEDULE_MAX_DAYS = 365;

/** A discussion draft's `draftMeta` (spec 000 §3); other keys are kept as sent. */
export const discussionDraftMetaSchema = z.looseObject({
  name: z.string().max(1000).optional(),
  postMeta: z.record(z.string(), z.unknown()).optional(),
  tagIDs: z.array(bodyIDSchema).max(20).optional(),
  newTagNames: z.array(z.string().max(100)).max(20).optional(),
  categoryID: bodyIDSchema.nullable().optional(),
  postTypeID: z.string().max(100).nullable().optional(),
  pinLocation: z.string().max(20).nullable().optional(),
  pinned: z.boolean().optional(),
  publishedSilently: z.boolean().optional(),
  commentPath: z.string().max(500).optional(),
  commentParentID: bodyIDSchema.nullable().optional(),
  format: z.string().max(20).optional(),
});

/**
 * A draft's `attributes` (api-contract §23): free-form, with the keys the client stores typed;
 * the whole object is bounded so an autosave cannot store megabytes.
 */
export const draftAttributesSchema = z
  .looseObject({
    body: z.string().max(DRAFT_BODY_MAX_LENGTH).optional(),
    format: z.string().max(20).optional(),
    draftType: z.string().max(20).optional(),
    lastSaved: z.string().max(40).optional(),
    groupID: bodyIDSchema.nullable().optional(),
    name: z.string().max(1000).nullable().optional(),
    draftMeta: discussionDraftMetaSchema.optional(),
  })
  .superRefine((value, context) => {
    const length = JSON.stringify(value).length;
    if (length > DRAFT_ATTRIBUTES_MAX_LENGTH) {
      context.addIssue({
        code: 'custom',
        message: `attributes is ${String(length - DRAFT_ATTRIBUTES_MAX_LENGTH)} characters too long.`,
        params: { code: 'maxLength', status: 422 },
      });
    }
  });
export type DraftAttributes = z.infer<typeof draftAttributesSchema>;

const INPUT_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/** Whether a date text names a real calendar day and time (Date.parse rolls 2030-02-30 over to March). */
function isRealDate(value: string): boolean {
  const match = INPUT_DATE.exec(value.trim());
  if (!match || Number.isNaN(Date.parse(value))) return false;
  const [, year = '', month = '', day = '', hour = '0', minute = '0', second = '0'] = match;
  const daysInMonth = new Date(Date.UTC(Number(year), Number(month), 0)).getUTCDate();
  return (
    Number(month) >= 1 &&
    Number(month) <= 12 &&
    Number(day) >= 1 &&
    Number(day) <= daysInMonth &&
    Number(hour) <= 23 &&
    Number(minute) <= 59 &&
    Number(second) <= 59
  );
}

/** An input date (api-contract §1.5: RFC 3339 / ISO 8601), as an ISO string; a bad one is 422. */
export const inputDateTime = z
  .string()
  .max(40)
  .refine(isRealDate, { message: 'Invalid date.' })
  .transform((value) => new Date(value).toISOString());

/** The Draft object (api-contract §23). */
export const draftSchema = z.object({
  draftID: z.number().int(),
  recordType: z.enum(draftRecordTypes),
  recordID: z.number().int().optional(),
  parentRecordType: z.string().optional(),
  parentRecordID: z.number().int().optional(),
  attributes: z.record(z.string(), z.unknown()),
  insertUserID: z.number().int(),
  dateInserted: dateTime,
  updateUserID: z.number().int().nullable(),
  dateUpdated: dateTime.nullable(),
  draftStatus: z.enum(draftStatuses),
  dateScheduled: dateTime.nullable(),
});
export type Draft = z.infer<typeof draftSchema>;

/** A draft of `GET /drafts`: the object plus what the drafts page shows (note `breadCrumbs`). */
export const draftListItemSchema = draftSchema.extend({
  name: z.string().nullable().optional(),
  excerpt: z.string().nullable().optional(),
  editUrl: z.string().nullable(),
  breadCrumbs: z.array(breadcrumbSchema).nullable(),
  permaLink: z.string().nullable(),
  failedReason: z.string().nullable(),
});
export type DraftListItem = z.infer<typeof draftListItemSchema>;

/**
 * The query parameter of a comment's link that opens that comment's edit editor: the `editUrl` of
 * a draft of a comment edit is `/discussion/comment/{id}?editComment={id}#Comment_{id}` (issue 16).
 */
export const EDIT_COMMENT_PARAM = 'editComment';

/** `GET /drafts/{id}/edit`. */
export const draftEditSchema = z.object({
  draftID: z.number().int(),
  recordID: z.number().int().optional(),
  recordType: z.enum(draftRecordTypes).optional(),
  parentRecordType: z.string().optional(),
  parentRecordID: z.number().int().optional(),
  attributes: z.record(z.string(), z.unknown()),
  draftStatus: z.enum(draftStatuses),
  dateScheduled: dateTime.nullable(),
});
export type DraftEdit = z.infer<typeof draftEditSchema>;

/** `draftStatus` in a query: the name, or Vanilla's number (0 draft, 1 scheduled, 2 error). */
const draftStatusParam = z
  .enum(['draft', 'scheduled', 'error', '0', '1', '2'])
  .transform((value): DraftStatus => {
    if (value === '0') return 'draft';
    if (value === '1') return 'scheduled';
    if (value === '2') return 'error';
    return value;
  });

export const draftSorts = ['dateInserted', '-dateInserted', 'dateUpdated', '-dateUpdated', 'dateScheduled', '-dateScheduled'] as const;
export type DraftSort = (typeof draftSorts)[number];

/** The most drafts one page holds (api-contract §23). */
export const DRAFTS_MAX_LIMIT = 500;

/** `GET /drafts` query (api-contract §23). */
export const draftListQuerySchema = z.object({
  recordType: z.enum(draftRecordTypes).optional(),
  parentRecordType: z.string().max(50).optional(),
  parentRecordID: pathIDSchema('Record').optional(),
  draftStatus: draftStatusParam.default('draft'),
  dateUpdated: dateFilterParam('dateUpdated').optional(),
  dateScheduled: dateFilterParam('dateScheduled').optional(),
  sort: z.enum(draftSorts).default('-dateUpdated'),
  page: pageParam,
  limit: limitParam(30, DRAFTS_MAX_LIMIT),
  expand: queryBoolean.optional(),
});
export type DraftListQuery = z.output<typeof draftListQuerySchema>;

const parentRecordTypeSchema = z.string().trim().min(1).max(50);

/** `POST /drafts` body (api-contract §23). */
export const createDraftBodySchema = z.object({
  // A string first, so a missing type is "recordType is required." (400), an unknown one 422.
  recordType: z.string().pipe(z.enum(draftRecordTypes)),
  attributes: draftAttributesSchema,
  recordID: bodyIDSchema.nullable().optional(),
  parentRecordType: parentRecordTypeSchema.nullable().optional(),
  parentRecordID: bodyIDSchema.nullable().optional(),
  draftStatus: z.enum(['draft', 'scheduled']).default('draft'),
  dateScheduled: inputDateTime.nullable().optional(),
});
export type CreateDraftBody = z.output<typeof createDraftBodySchema>;
export type CreateDraftInput = z.input<typeof createDraftBodySchema>;

/** `PATCH /drafts/{id}` body: the same fields, partial; `draftStatus: "draft"` un-schedules. */
export const patchDraftBodySchema = z.object({
  recordType: z.string().pipe(z.enum(draftRecordTypes)).optional(),
  attributes: draftAttributesSchema.optional(),
  recordID: bodyIDSchema.nullable().optional(),
  parentRecordType: parentRecordTypeSchema.nullable().optional(),
  parentRecordID: bodyIDSchema.nullable().optional(),
  draftStatus: z.enum(['draft', 'scheduled']).optional(),
  dateScheduled: inputDateTime.nullable().optional(),
});
export type PatchDraftBody = z.output<typeof patchDraftBodySchema>;
export type PatchDraftInput = z.input<typeof patchDraftBodySchema>;

/** `PATCH /drafts/schedule/{id}` body. */
export const scheduleDraftBodySchema = z.object({
  dateScheduled: inputDateTime,
  publishedSilently: z.boolean().optional(),
});
export type ScheduleDraftBody = z.output<typeof scheduleDraftBodySchema>;

export const draftIDParamsSchema = z.object({ id: pathIDSchema('Draft') });

/** api-contract §23 messages, verbatim. */
export const DRAFT_MESSAGES = {
  notScheduled: 'You cannot update the schedule as it is not currently in the scheduled state.',
  alreadyDraft: 'The record currently is a draft no changes are needed.',
  schedulingDisabled: 'Draft scheduling is not enabled.',
  tooLate: 'The scheduled date and time must be less than 1 year from now.',
  alreadyScheduled:
    'An update is already scheduled for this item. Please wait for the scheduled update to be published, or cancel it before scheduling a new one.',
} as const;

/** Vanilla's refusal when another member's scheduled update of the record is pending (curly apostrophe as Vanilla writes it). */
export function alreadyScheduledByMessage(name: string): string {
  return `An update is already scheduled for this item by ${name}. You can’t schedule another update while one is pending.`;
}

/** "15 minutes", "1 minute", "30 seconds", "2 hours": the configured lead in words. */
export function leadTimeText(seconds: number): string {
  const unit = (count: number, name: string) => `${String(count)} ${name}${count === 1 ? '' : 's'}`;
  if (seconds > 0 && seconds % 3600 === 0) return unit(seconds / 3600, 'hour');
  if (seconds > 0 && seconds % 60 === 0) return unit(seconds / 60, 'minute');
  return unit(seconds, 'second');
}

/** "The scheduled date and time must be at least 15 minutes in the future." for the configured lead. */
export function scheduleTooSoonMessage(leadSeconds: number): string {
  return `The scheduled date and time must be at least ${leadTimeText(leadSeconds)} in the future.`;
}
