import { z } from 'zod';
import { dateTime, expandParam, limitParam, pageParam, pathIDSchema, queryBoolean } from './common.ts';
import { userFragmentSchema } from './users.ts';

// api-contract §4 (notifications) and §6 (notification preferences).

/** The activity types a member can be notified of (Vanilla's names, api-contract §6). */
export const notificationActivityTypes = [
  'Mention',
  'CommentReply',
  'BookmarkComment',
  'Participated',
  'NewDiscussion',
  'NewComment',
  'Reaction',
  'ConversationMessage',
  /** Moderators only (api-contract §6, §27.4): a new report of a post they moderate. */
  'Report',
  /** The author of a post that waited for approval: a moderator approved or rejected it (api-contract §27.5). */
  'Approval',
] as const;
export type NotificationActivityType = (typeof notificationActivityTypes)[number];

/** The notification's discussion (`expand=discussion`). */
export const notificationDiscussionSchema = z.object({
  discussionID: z.number().int(),
  name: z.string(),
  url: z.string(),
  categoryID: z.number().int(),
});

/** The Notification object (api-contract §4). */
export const notificationSchema = z.object({
  notificationID: z.number().int(),
  body: z.string(),
  photoUrl: z.string().nullable(),
  url: z.string(),
  readUrl: z.string().optional(),
  read: z.boolean(),
  dateInserted: dateTime,
  dateUpdated: dateTime,
  activityName: z.string().optional(),
  activityType: z.string().optional(),
  count: z.number().int().optional(),
  reason: z.string().optional(),
  recordType: z.string().optional(),
  recordID: z.number().int().optional(),
  recordUrl: z.string().optional(),
  discussionID: z.number().int().nullable().optional(),
  notifyUsers: z.array(userFragmentSchema).optional(),
  discussion: notificationDiscussionSchema.nullable().optional(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** The most notifications one page holds. */
export const NOTIFICATIONS_MAX_LIMIT = 100;

export const notificationListQuerySchema = z.object({
  page: pageParam,
  limit: limitParam(30, NOTIFICATIONS_MAX_LIMIT),
  shouldBatch: queryBoolean.default(true),
  expand: expandParam(['discussion']).optional(),
});
export type NotificationListQuery = z.input<typeof notificationListQuerySchema>;

export const notificationGetQuerySchema = z.object({
  expand: expandParam(['discussion']).optional(),
});

export const notificationIDParamsSchema = z.object({ id: pathIDSchema('Notification') });

/** `PATCH /notifications` and `/notifications/{id}`: only `read: true` is accepted. */
export const notificationReadBodySchema = z.object({ read: z.literal(true) });

// ---------------------------------------------------------------------------------------------
// Preferences (§6)

/** One activity's delivery methods. */
export const notificationMethodsSchema = z.object({
  email: z.boolean().optional(),
  popup: z.boolean().optional(),
});
export type NotificationMethods = z.infer<typeof notificationMethodsSchema>;

/** Activity types with preferences: the notified ones plus the digest (e-mail only). */
export const preferenceActivityTypes = [...notificationActivityTypes, 'DigestEnabled'] as const;
export type PreferenceActivityType = (typeof preferenceActivityTypes)[number];

const preferenceShape = Object.fromEntries(
  preferenceActivityTypes.map((type) => [type, notificationMethodsSchema.optional()]),
) as Record<PreferenceActivityType, z.ZodOptional<typeof notificationMethodsSchema>>;

/** The saved preferences (`GET /notification-preferences/{userID}`). */
export const notificationPreferencesSchema = z.object({
  ...preferenceShape,
  NotificationLanguage: z.string().optional(),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/** `PATCH /notification-preferences/{userID}`: any subset. */
export const notificationPreferencesPatchSchema = z.strictObject({
  ...preferenceShape,
  NotificationLanguage: z.string().min(1).max(20).optional(),
});
export type NotificationPreferencesPatch = z.infer<typeof notificationPreferencesPatchSchema>;

/** The defaults (admin): the same shape without the language. */
export const notificationDefaultsPatchSchema = z.strictObject(preferenceShape);

export const notificationPreferencesParamsSchema = z.object({
  userID: z.union([z.literal('$me'), pathIDSchema('User')]),
});

export const notificationSchemaQuerySchema = z.object({
  userID: pathIDSchema('User').optional(),
  schemaType: z.enum(['user', 'defaults']).default('user'),
});

/** One activity in the preferences schema (a JSON-schema object, api-contract §6). */
export const preferenceSchemaEntrySchema = z.object({
  type: z.literal('object'),
  'x-control': z.object({ label: z.string(), description: z.string().optional() }),
  properties: z.object({
    email: z.object({ type: z.literal('boolean'), default: z.boolean() }).optional(),
    popup: z.object({ type: z.literal('boolean'), default: z.boolean() }).optional(),
  }),
});
export type PreferenceSchemaEntry = z.infer<typeof preferenceSchemaEntrySchema>;

const groupSchema = z.object({
  type: z.literal('object'),
  'x-control': z.object({ label: z.string(), description: z.string().optional() }).optional(),
  properties: z.record(z.string(), preferenceSchemaEntrySchema),
});

/** `GET /notification-preferences/schema`. */
export const notificationPreferencesSchemaSchema = z.object({
  type: z.literal('object'),
  properties: z.object({
    notifications: z.object({
      type: z.literal('object'),
      properties: z.record(z.string(), groupSchema),
    }),
  }),
});
export type NotificationPreferencesSchema = z.infer<typeof notificationPreferencesSchemaSchema>;
