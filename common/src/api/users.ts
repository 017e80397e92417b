import { z } from 'zod';
import { emailMaxLength, emailSchema, passwordMaxLength, usernameSchema } from './auth.ts';
import {
  bodyIDSchema,
  dateTime,
  expandParam,
  idSchema,
  INT_MAX,
  INT_MIN,
  limitParam,
  pageParam,
  queryArray,
  queryBoolean,
  recordNotFoundIssue,
} from './common.ts';
import {
  PROFILE_ABOUT_MAX_LENGTH,
  PROFILE_LOCATION_MAX_LENGTH,
  PROFILE_TITLE_MAX_LENGTH,
} from './users.constants.ts';

// ---------------------------------------------------------------------------------------------
// Account rules. One definition for POST /users, PATCH /users/{id} and POST /users/register: the
// username rule, e-mail and password bounds live in ./auth.ts (written first, for registration);
// the password minimum is the `password.minLength` setting, checked by the services.

/** A new password as the schema sees it; its minimum length is a site setting (default 8). */
export const passwordSchema = z.string().min(1).max(passwordMaxLength);

/** The minimum-length message for a password (api-contract §2 `Garden.Password.MinLength`). */
export function passwordLengthMessage(minLength: number): string {
  return `Your password must be at least ${minLength} characters long.`;
}

// ---------------------------------------------------------------------------------------------
// Filters (api-contract §1.5). Generic; candidates for common.ts once a second feature needs them.

export type ComparisonOperator = '=' | '>' | '>=' | '<' | '<=';

/** One comparison of a date filter; `value` is an ISO-8601 UTC instant. */
export interface DateCondition {
  op: ComparisonOperator;
  value: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/i;

interface Instant {
  start: string;
  /** The next day for a date alone; null for a date-time. */
  next: string | null;
}

function parseInstant(text: string): Instant | null {
  const trimmed = text.trim();
  if (DATE_ONLY.test(trimmed)) {
    const start = new Date(`${trimmed}T00:00:00Z`);
    if (Number.isNaN(start.getTime()) || start.toISOString().slice(0, 10) !== trimmed) return null;
    return { start: start.toISOString(), next: new Date(start.getTime() + DAY_MS).toISOString() };
  }
  // A `+` in a query string arrives as a space: `…T10:00:00 00:00` means `+00:00`.
  const repaired = trimmed.replace(/ (\d{2}:?\d{2})$/, '+$1');
  if (!DATE_TIME.test(repaired)) return null;
  const date = new Date(repaired.replace(' ', 'T'));
  return Number.isNaN(date.getTime()) ? null : { start: date.toISOString(), next: null };
}

/**
 * Parses a date filter (api-contract §1.5): a date alone (that whole day), an operator and a date
 * (`>2024-03-05`, `>=`, `<`, `<=`, `=`), or a range `[a,b]` with `[`/`]` inclusive and `(`/`)`
 * exclusive. A date alone covers its UTC day. Returns null for bad syntax.
 */
export function parseDateFilter(expression: string): DateCondition[] | null {
  const text = expression.trim();
  const range = /^([[(])([^,]+),([^,]+)([\])])$/.exec(text);
  if (range) {
    const [, open, fromText, toText, close] = range as unknown as [
      string,
      string,
      string,
      string,
      string,
    ];
    const from = parseInstant(fromText);
    const to = parseInstant(toText);
    if (!from || !to) return null;
    const lower: DateCondition =
      open === '['
        ? { op: '>=', value: from.start }
        : from.next === null
          ? { op: '>', value: from.start }
          : { op: '>=', value: from.next };
    const upper: DateCondition =
      close === ']'
        ? to.next === null
          ? { op: '<=', value: to.start }
          : { op: '<', value: to.next }
        : { op: '<', value: to.start };
    return [lower, upper];
  }
  const match = /^(>=|<=|>|<|=)?(.+)$/.exec(text);
  if (!match) return null;
  const op = (match[1] ?? '=') as ComparisonOperator;
  const instant = parseInstant(match[2] ?? '');
  if (!instant) return null;
  if (instant.next === null) return [{ op, value: instant.start }];
  switch (op) {
    case '=':
      return [
        { op: '>=', value: instant.start },
        { op: '<', value: instant.next },
      ];
    case '>':
      return [{ op: '>=', value: instant.next }];
    case '>=':
      return [{ op: '>=', value: instant.start }];
    case '<':
      return [{ op: '<', value: instant.start }];
    case '<=':
      return [{ op: '<', value: instant.next }];
  }
}

/** A date filter query parameter; bad syntax is a 422 on the field. */
export function dateFilterParam(field: string) {
  return z
    .string()
    .max(100)
    .transform((value, ctx) => {
      const conditions = parseDateFilter(value);
      if (conditions === null) {
        ctx.addIssue({
          code: 'custom',
          message: `${field} is not a valid date filter.`,
          params: { code: 'invalid', status: 422 },
        });
        return z.NEVER;
      }
      return conditions;
    });
}

/** A parsed range expression: a list of values, or comparisons that all must hold. */
export type RangeFilter =
  | { kind: 'in'; values: number[] }
  | { kind: 'range'; conditions: { op: ComparisonOperator; value: number }[] };

const INTEGER = /^-?\d{1,15}$/;

/**
 * Parses an ID range expression (api-contract §1.5): CSV `1,5,9`, range `10..20` (open ends
 * allowed), bracket range `(1,5]`, or one value with an operator `>10`. Returns null for bad syntax
 * and for a value past an `integer` column's range (PostgreSQL would fail the statement).
 */
export function parseRangeFilter(expression: string): RangeFilter | null {
  const filter = parseRangeSyntax(expression);
  if (filter === null) return null;
  const values = filter.kind === 'in' ? filter.values : filter.conditions.map((condition) => condition.value);
  return values.every((value) => value >= INT_MIN && value <= INT_MAX) ? filter : null;
}

function parseRangeSyntax(expression: string): RangeFilter | null {
  const text = expression.replace(/\s+/g, '');
  const dots = /^(-?\d{1,15})?\.\.(-?\d{1,15})?$/.exec(text);
  if (dots) {
    const conditions: { op: ComparisonOperator; value: number }[] = [];
    if (dots[1] !== undefined) conditions.push({ op: '>=', value: Number(dots[1]) });
    if (dots[2] !== undefined) conditions.push({ op: '<=', value: Number(dots[2]) });
    return conditions.length === 0 ? null : { kind: 'range', conditions };
  }
  const bracket = /^([[(])(-?\d{1,15}),(-?\d{1,15})([\])])$/.exec(text);
  if (bracket) {
    return {
      kind: 'range',
      conditions: [
        { op: bracket[1] === '[' ? '>=' : '>', value: Number(bracket[2]) },
        { op: bracket[4] === ']' ? '<=' : '<', value: Number(bracket[3]) },
      ],
    };
  }
  const operator = /^(>=|<=|>|<)(-?\d{1,15})$/.exec(text);
  if (operator)
    return {
      kind: 'range',
      conditions: [{ op: operator[1] as ComparisonOperator, value: Number(operator[2]) }],
    };
  const values = text.replace(/^=/, '').split(',');
  if (values.length === 0 || values.length > 500 || !values.every((value) => INTEGER.test(value)))
    return null;
  return { kind: 'in', values: values.map(Number) };
}

/** An ID range query parameter (CSV or bracket array form accepted); bad syntax is a 422. */
export function rangeFilterParam(field: string) {
  return z
    .preprocess((value) => (Array.isArray(value) ? value.join(',') : value), z.string().max(2000))
    .transform((value, ctx) => {
      const filter = parseRangeFilter(value);
      if (filter === null) {
        ctx.addIssue({
          code: 'custom',
          message: `${field} is not a valid range expression.`,
          params: { code: 'invalid', status: 422 },
        });
        return z.NEVER;
      }
      return filter;
    });
}

// ---------------------------------------------------------------------------------------------
// Smart IDs (api-contract §1.3).

/** A user named in a path: a numeric ID or a smart ID. */
export type UserRef =
  | { kind: 'id'; userID: number }
  | { kind: 'me' }
  | { kind: 'name'; name: string }
  | { kind: 'email'; email: string };

/** Parses `123`, `$me`, `$name:<username>` or `$email:<address>`; null otherwise. */
export function parseUserRef(value: string): UserRef | null {
  if (value === '$me') return { kind: 'me' };
  if (value.startsWith('$name:') && value.length > 6) return { kind: 'name', name: value.slice(6) };
  if (value.startsWith('$email:') && value.length > 7)
    return { kind: 'email', email: value.slice(7) };
  if (/^\d{1,15}$/.test(value) && Number(value) > 0) return { kind: 'id', userID: Number(value) };
  return null;
}

/** Path parameters of `/users/{id}…`. */
export const userRefParamsSchema = z.object({
  id: z
    .string()
    .max(300)
    .transform((value, ctx) => {
      const ref = parseUserRef(value);
      if (ref?.kind === 'id' && ref.userID > INT_MAX) {
        ctx.addIssue(recordNotFoundIssue('User', value));
        return z.NEVER;
      }
      if (ref === null) {
        ctx.addIssue({
          code: 'custom',
          message: 'id must be a user ID, $me, $name:<username> or $email:<address>.',
          params: { code: 'invalid', status: 422 },
        });
        return z.NEVER;
      }
      return ref;
    }),
});

// ---------------------------------------------------------------------------------------------
// Output shapes (api-contract §1.14 and §3).

/** `{roleID, name}` of a user's role. */
export const userRoleSchema = z.object({ roleID: z.number().int(), name: z.string() });

/** One entry of `reactionsReceived`, keyed by reaction urlcode. */
export const reactionReceivedSchema = z.object({
  tagID: z.number().int(),
  urlcode: z.string(),
  name: z.string(),
  class: z.string(),
  count: z.number().int(),
  photoUrl: z.string().optional(),
});

// Issue 15: the plain-text profile fields a member fills in on the edit page; bounds in ./users.constants.ts.

/** `profileFields` (api-contract §3, `expand=profileFields`): Hearth's fields. */
export const profileFieldsSchema = z.object({
  location: z.string().nullable(),
  about: z.string().nullable(),
});

export type ProfileFields = z.infer<typeof profileFieldsSchema>;

/**
 * UserFragment (api-contract §1.14): embedded users (`insertUser`, `lastUser`…). Deleted users
 * are the placeholder `{userID: 0, name: 'Deleted User', photoUrl: '', dateLastActive: null}`.
 */
export const userFragmentSchema = z.object({
  userID: z.number().int(),
  name: z.string(),
  url: z.string().optional(),
  photoUrl: z.string(),
  dateLastActive: dateTime.nullable().optional(),
  title: z.string().optional(),
  banned: z.number().int().optional(),
  private: z.boolean().optional(),
});

export type UserFragment = z.infer<typeof userFragmentSchema>;

/**
 * A user (api-contract §3). Which keys are present depends on the viewer: the full view (self,
 * `users.add/edit/delete`, `personalInfo.view`), the `profiles.view` view, or the minimal view
 * (private profile or no `profiles.view`): `userID, name, photoUrl, profilePhotoUrl, banned, private`.
 */
export const userSchema = z.object({
  userID: z.number().int(),
  name: z.string(),
  email: z.string().nullable().optional(),
  emailConfirmed: z.boolean().optional(),
  showEmail: z.boolean().optional(),
  photoUrl: z.string(),
  profilePhotoUrl: z.string(),
  url: z.string().optional(),
  bypassSpam: z.boolean().optional(),
  banned: z.number().int(),
  private: z.boolean(),
  points: z.number().int().optional(),
  dateInserted: dateTime.optional(),
  dateLastActive: dateTime.nullable().optional(),
  dateUpdated: dateTime.nullable().optional(),
  roles: z.array(userRoleSchema).optional(),
  title: z.string().optional(),
  countDiscussions: z.number().int().optional(),
  countComments: z.number().int().optional(),
  countPosts: z.number().int().optional(),
  countVisits: z.number().int().optional(),
  inviteUserID: z.number().int().nullable().optional(),
  reactionsReceived: z.record(z.string(), reactionReceivedSchema).optional(),
  profileFields: profileFieldsSchema.optional(),
  insertIPAddress: z.string().nullable().optional(),
  lastIPAddress: z.string().nullable().optional(),
  isAdmin: z.boolean().optional(),
  isSysAdmin: z.boolean().optional(),
  isSuperAdmin: z.boolean().optional(),
});

export type User = z.infer<typeof userSchema>;

/** `GET /users/me`: the self view plus session facts; guests get a guest record. */
export const meSchema = userSchema.extend({
  email: z.string().nullable(),
  emailConfirmed: z.boolean(),
  dateLastActive: dateTime.nullable(),
  isAdmin: z.boolean(),
  isSysAdmin: z.boolean(),
  isSuperAdmin: z.boolean(),
  permissions: z.array(z.string()),
  roles: z.array(userRoleSchema),
  roleIDs: z.array(z.number().int()),
  countUnreadNotifications: z.number().int(),
  countUnreadConversations: z.number().int(),
});

export type Me = z.infer<typeof meSchema>;

/** `GET /users/me-counts`. */
export const meCountsSchema = z.object({
  counts: z.array(z.object({ name: z.string(), count: z.number().int() })),
});

export type MeCounts = z.infer<typeof meCountsSchema>;

/** `GET /users/{id}/edit` (api-contract §3). */
export const userEditSchema = z.object({
  userID: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  showEmail: z.boolean(),
  photo: z.string().nullable(),
  emailConfirmed: z.boolean(),
  bypassSpam: z.boolean(),
});

export type UserEdit = z.infer<typeof userEditSchema>;

/** The longest ban reason (api-contract §27.8). */
export const BAN_REASON_MAX_LENGTH = 500;

/**
 * `PUT /users/{id}/ban` body and answer (api-contract §3, §27.8): `reason` (plain text) and
 * `dateExpires` (the ban lifts itself then; null = until lifted) go with a ban.
 */
export const banBodySchema = z.object({
  banned: z.boolean(),
  reason: z.string().trim().max(BAN_REASON_MAX_LENGTH).optional(),
  dateExpires: z.iso
    .datetime({ offset: true })
    .transform((value) => new Date(value).toISOString())
    .nullable()
    .optional(),
});
export type BanBody = z.output<typeof banBodySchema>;
export const banResultSchema = z.object({
  banned: z.boolean(),
  reason: z.string().nullable().optional(),
  dateExpires: dateTime.nullable().optional(),
});
export type BanResult = z.infer<typeof banResultSchema>;

/** `POST /users/{id}/photo` answer. */
export const photoResultSchema = z.object({ photoUrl: z.string() });

// ---------------------------------------------------------------------------------------------
// Requests.

/** Expansions of the user calls; only `reactionsReceived` has data today. */
export const userExpandSchema = expandParam([
  'profileFields',
  'discoveryText',
  'reactionsReceived',
  'rank',
  'signature',
] as const);

export const getUserQuerySchema = z.object({ expand: userExpandSchema });

export const userSortValues = [
  'dateInserted',
  'dateLastActive',
  'name',
  'userID',
  'points',
  'countPosts',
] as const;
export type UserSortField = (typeof userSortValues)[number];
export type UserSort = UserSortField | `-${UserSortField}`;

/** `GET /users` query (api-contract §3). */
export const listUsersQuerySchema = z.object({
  dateInserted: dateFilterParam('dateInserted').optional(),
  dateUpdated: dateFilterParam('dateUpdated').optional(),
  dateLastActive: dateFilterParam('dateLastActive').optional(),
  roleID: idSchema.optional(),
  roleIDs: queryArray(idSchema),
  userID: rangeFilterParam('userID').optional(),
  name: z.string().min(1).max(100).optional(),
  email: z.string().min(1).max(emailMaxLength).optional(),
  query: z.string().min(1).max(100).optional(),
  ipAddresses: queryArray(z.string().min(1).max(64)),
  emailConfirmed: queryBoolean.optional(),
  isBanned: queryBoolean.optional(),
  page: pageParam,
  limit: limitParam(30, 500),
  sort: z
    .enum([...userSortValues, ...userSortValues.map((value) => `-${value}` as const)] as [
      UserSort,
      ...UserSort[],
    ])
    .optional(),
  expand: userExpandSchema,
});

export type ListUsersQuery = z.output<typeof listUsersQuerySchema>;

export const byNamesOrders = ['countComments', 'dateLastActive', 'name', 'mention'] as const;
export type ByNamesOrder = (typeof byNamesOrders)[number];

/** `GET /users/by-names` query: `name` with a trailing `*` is a prefix match. */
export const usersByNamesQuerySchema = z.object({
  name: z.string().min(1).max(100),
  order: z.enum(byNamesOrders).default('name'),
  page: pageParam,
  limit: limitParam(30, 100),
});

export type UsersByNamesQuery = z.output<typeof usersByNamesQuerySchema>;

/** A photo given by URL in `POST /users` and `PATCH /users/{id}`. */
const photoInputSchema = z
  .url({ protocol: /^https?$/ })
  .max(2000)
  .nullable();

const roleIDsInputSchema = z.array(bodyIDSchema).max(100);

/** `POST /users` body (api-contract §3). */
export const createUserBodySchema = z.object({
  name: usernameSchema,
  email: emailSchema,
  password: passwordSchema,
  emailConfirmed: z.boolean().default(true),
  bypassSpam: z.boolean().default(false),
  sendWelcomeEmail: z.boolean().default(true),
  showEmail: z.boolean().default(false),
  photo: photoInputSchema.optional(),
  roleID: roleIDsInputSchema.optional(),
  private: z.boolean().default(false),
});

export type CreateUserBody = z.output<typeof createUserBodySchema>;

/** `PATCH /users/{id}` body (api-contract §3); which keys are allowed depends on the editor. */
export const patchUserBodySchema = z
  .object({
    name: usernameSchema.optional(),
    email: emailSchema.optional(),
    showEmail: z.boolean().optional(),
    password: passwordSchema.optional(),
    resetPassword: z.literal(true).optional(),
    private: z.boolean().optional(),
    photo: photoInputSchema.optional(),
    emailConfirmed: z.boolean().optional(),
    bypassSpam: z.boolean().optional(),
    banned: z.boolean().optional(),
    roleID: roleIDsInputSchema.optional(),
    passwordConfirmation: z.string().max(passwordMaxLength).optional(),
    title: z.string().trim().max(PROFILE_TITLE_MAX_LENGTH).nullable().optional(),
    profileFields: z
      .object({
        location: z.string().trim().max(PROFILE_LOCATION_MAX_LENGTH).nullable().optional(),
        about: z.string().trim().max(PROFILE_ABOUT_MAX_LENGTH).nullable().optional(),
      })
      .optional(),
  })
  .refine((body) => body.password === undefined || body.resetPassword === undefined, {
    message: 'Only one of password, resetPassword is allowed.',
    path: ['password'],
    params: { code: 'onlyOneOf', status: 400 },
  });

export type PatchUserBody = z.output<typeof patchUserBodySchema>;

export const deleteMethods = ['keep', 'wipe', 'delete'] as const;
export type DeleteMethod = (typeof deleteMethods)[number];

/** `DELETE /users/{id}` body; absent means `{deleteMethod: 'delete'}`. */
export const deleteUserBodySchema = z
  .object({ deleteMethod: z.enum(deleteMethods).default('delete') })
  .prefault({});

export type DeleteUserBody = z.output<typeof deleteUserBodySchema>;

/** `GET /users/{id}/reacted` query (api-contract §3, the profile's reactions tab). */
export const reactedQuerySchema = z.object({
  reactionUrlcode: z.string().min(1).max(100).optional(),
  page: pageParam,
  limit: limitParam(30, 100),
  expand: expandParam(['insertUser', 'updateUser', 'reactions'] as const),
});

export type ReactedQuery = z.output<typeof reactedQuerySchema>;

/** One post of `GET /users/{id}/reacted`: a discussion or comment by the user that got reactions. */
export const reactedItemSchema = z.object({
  name: z.string(),
  body: z.string(),
  format: z.string(),
  insertUserID: z.number().int(),
  updateUserID: z.number().int().nullable().optional(),
  dateInserted: dateTime,
  dateUpdated: dateTime.nullable().optional(),
  recordID: z.number().int(),
  recordType: z.enum(['Discussion', 'Comment']),
  url: z.string(),
  insertUser: userFragmentSchema.optional(),
  updateUser: userFragmentSchema.optional(),
});

export type ReactedItem = z.infer<typeof reactedItemSchema>;
