import { z } from 'zod';
import {
  bodyIDSchema,
  dateTime,
  expandParam,
  idSchema,
  INT_MAX,
  INT_MIN,
  pageParam,
  pathIDSchema,
  queryBoolean,
  queryInt,
} from './common.ts';

/** How a category displays (api-contract §7); the default is `discussions`. */
export const categoryDisplayAs = ['categories', 'discussions', 'flat', 'heading'] as const;

export type CategoryDisplayAs = (typeof categoryDisplayAs)[number];

/** Discussion types a category may allow (api-contract §7, lower-case). */
export const discussionTypes = ['discussion', 'question', 'idea', 'poll'] as const;

export type DiscussionType = (typeof discussionTypes)[number];

/** Highest `sort` of a category among its siblings. */
export const MAX_CATEGORY_SORT = 999_999;

/** `page` ceiling of `GET /categories` (Vanilla.Categories.MaxPages). */
export const MAX_CATEGORY_PAGES = 100;

/** Layout view types that filter `GET /categories` by display type (api-contract §7). */
export const categoryLayoutViewTypes = [
  'categoryList',
  'nestedCategoryList',
  'discussionCategoryPage',
] as const;

/**
 * A parsed range expression of api-contract §1.5: a list of values, or bounds (each optional,
 * inclusive or not).
 */
export type RangeFilter =
  | { kind: 'values'; values: number[] }
  | {
      kind: 'range';
      min?: { value: number; inclusive: boolean } | undefined;
      max?: { value: number; inclusive: boolean } | undefined;
    };

const INTEGER = /^-?\d+$/;

function toInteger(text: string): number | null {
  const trimmed = text.trim();
  if (!INTEGER.test(trimmed)) return null;
  const value = Number(trimmed);
  // Past an `integer` column's range PostgreSQL fails the statement: such a bound is malformed.
  return Number.isInteger(value) && value >= INT_MIN && value <= INT_MAX ? value : null;
}

/**
 * Parses a range expression (api-contract §1.5): CSV `1,5,9`, `10..20` (open ends `10..`, `..20`),
 * brackets `(1,5]`, or an operator `>10`, `>=10`, `<10`, `<=10`, `=10`. Null when malformed.
 */
export function parseRangeExpression(input: string | readonly string[]): RangeFilter | null {
  if (typeof input !== 'string') {
    const values = input.map(toInteger);
    return values.every((value) => value !== null) && values.length > 0
      ? { kind: 'values', values: values as number[] }
      : null;
  }
  const text = input.trim();
  const bracket = /^([[(])\s*(-?\d*)\s*,\s*(-?\d*)\s*([\])])$/.exec(text);
  if (bracket) {
    const [, open, from, to, close] = bracket as unknown as [
      string,
      string,
      string,
      string,
      string,
    ];
    const min = from === '' ? null : toInteger(from);
    const max = to === '' ? null : toInteger(to);
    if ((from !== '' && min === null) || (to !== '' && max === null)) return null;
    return {
      kind: 'range',
      min: min === null ? undefined : { value: min, inclusive: open === '[' },
      max: max === null ? undefined : { value: max, inclusive: close === ']' },
    };
  }
  const dots = /^(-?\d*)\.\.(-?\d*)$/.exec(text);
  if (dots) {
    const [, from, to] = dots as unknown as [string, string, string];
    if (from === '' && to === '') return null;
    const min = from === '' ? null : toInteger(from);
    const max = to === '' ? null : toInteger(to);
    if ((from !== '' && min === null) || (to !== '' && max === null)) return null;
    return {
      kind: 'range',
      min: min === null ? undefined : { value: min, inclusive: true },
      max: max === null ? undefined : { value: max, inclusive: true },
    };
  }
  const operator = /^(>=|<=|>|<|=)\s*(-?\d+)$/.exec(text);
  if (operator) {
    const [, op, number] = operator as unknown as [string, string, string];
    const value = toInteger(number);
    if (value === null) return null;
    if (op === '=') return { kind: 'values', values: [value] };
    const bound = { value, inclusive: op.length === 2 };
    return op.startsWith('>') ? { kind: 'range', min: bound } : { kind: 'range', max: bound };
  }
  const values = text.split(',').map(toInteger);
  if (values.length === 0 || values.some((value) => value === null)) return null;
  return { kind: 'values', values: values as number[] };
}

/** A query parameter holding a range expression of record IDs (api-contract §1.5). */
export function rangeExpressionParam(field: string) {
  return z.union([z.string(), z.array(z.string()), z.number()]).transform((value, context) => {
    const parsed = parseRangeExpression(typeof value === 'number' ? String(value) : value);
    if (!parsed) {
      context.addIssue({
        code: 'custom',
        message: `${field} is not a valid range expression.`,
        params: { code: 'invalid', status: 422 },
      });
      return z.NEVER;
    }
    return parsed;
  });
}

/** `{name, url}`; `breadcrumbs` run from Home to the category itself (api-contract §1.14). */
export const breadcrumbSchema = z.object({ name: z.string(), url: z.string() });

export type Breadcrumb = z.infer<typeof breadcrumbSchema>;

/** The category preference keys (api-contract §7 "Category preferences"). */
export const categoryPreferenceKeys = [
  'preferences.followed',
  'preferences.popup.posts',
  'preferences.email.posts',
  'preferences.popup.comments',
  'preferences.email.comments',
  'preferences.email.digest',
] as const;

export type CategoryPreferenceKey = (typeof categoryPreferenceKeys)[number];

/** Preference keys that send e-mail: turning one on needs `email.view` (api-contract §7). */
export const emailPreferenceKeys = [
  'preferences.email.posts',
  'preferences.email.comments',
  'preferences.email.digest',
] as const satisfies readonly CategoryPreferenceKey[];

/**
 * A user's preferences for one category; `preferences.email.digest` is present only while the
 * e-mail digest is enabled (`emails.digest`).
 */
export const categoryPreferencesSchema = z.object({
  'preferences.followed': z.boolean(),
  'preferences.popup.posts': z.boolean(),
  'preferences.email.posts': z.boolean(),
  'preferences.popup.comments': z.boolean(),
  'preferences.email.comments': z.boolean(),
  'preferences.email.digest': z.boolean().optional(),
});

export type CategoryPreferences = z.infer<typeof categoryPreferencesSchema>;

/** `PATCH /categories/{id}/preferences/{userID}` body: any subset of the keys. */
export const categoryPreferencesPatchSchema = categoryPreferencesSchema.partial();

export type CategoryPreferencesPatch = z.infer<typeof categoryPreferencesPatchSchema>;

/**
 * `lastPost` (api-contract §1.14 PostFragment): the newest discussion or comment of the category;
 * `null` while it has none.
 */
export const postFragmentSchema = z
  .object({
    discussionID: z.number().int().optional(),
    commentID: z.number().int().optional(),
    name: z.string(),
    body: z.string().optional(),
    type: z.string().optional(),
    url: z.string(),
    dateInserted: dateTime.optional(),
    insertUserID: z.number().int(),
    insertUser: z
      .object({ userID: z.number().int(), name: z.string(), photoUrl: z.string() })
      .loose()
      .optional(),
  })
  .loose();

export type PostFragment = z.infer<typeof postFragmentSchema>;

/** `parent` of a search result (`expand=parent`). */
export const categoryParentSchema = z.object({
  categoryID: z.number().int(),
  name: z.string(),
  urlcode: z.string(),
  url: z.string(),
});

const categoryFields = {
  categoryID: z.number().int(),
  name: z.string(),
  description: z.string(),
  parentCategoryID: z.number().int().nullable(),
  customPermissions: z.boolean(),
  isArchived: z.boolean(),
  urlcode: z.string(),
  url: z.string(),
  displayAs: z.enum(categoryDisplayAs),
  iconUrl: z.string().nullable(),
  bannerUrl: z.string().nullable(),
  dateInserted: dateTime,
  countCategories: z.number().int(),
  countDiscussions: z.number().int(),
  countComments: z.number().int(),
  countAllDiscussions: z.number().int(),
  countAllComments: z.number().int(),
  countFollowers: z.number().int(),
  followed: z.boolean(),
  dateFollowed: dateTime.optional(),
  featured: z.boolean(),
  allowedDiscussionTypes: z.array(z.string()),
  breadcrumbs: z.array(breadcrumbSchema).optional(),
  /** The viewer's category-scoped permissions here (`expand=permissions`), from `has()`. */
  permissions: z.record(z.string(), z.boolean()).optional(),
  lastPost: postFragmentSchema.nullable().optional(),
  preferences: categoryPreferencesSchema.optional(),
  parent: categoryParentSchema.nullable().optional(),
  depth: z.number().int(),
  sort: z.number().int(),
};

/** A category as `GET /categories/{id}` and flat lists answer it (api-contract §7). */
export const categorySchema = z.object(categoryFields);

/** A category of a tree list: its visible children nest, down to `maxDepth`. */
export interface CategoryTreeNode extends z.infer<typeof categorySchema> {
  children: CategoryTreeNode[];
}

/** A category with nested `children` (tree lists). */
export const categoryTreeNodeSchema: z.ZodType<CategoryTreeNode> = z.lazy(() =>
  z.object({ ...categoryFields, children: z.array(categoryTreeNodeSchema) }),
);

export type Category = z.infer<typeof categorySchema>;

/** `GET /categories` answer: a tree (nested `children`) or a flat page. */
export const categoryListSchema = z.array(z.union([categoryTreeNodeSchema, categorySchema]));

/** `expand` of the category lists and `GET /categories/{id}`; breadcrumbs are always on. */
export const categoryExpandSchema = expandParam([
  'lastPost',
  'preferences',
  'permissions',
  'breadcrumbs',
] as const);

function onlyOneOf(fields: readonly string[]) {
  return (value: Record<string, unknown>, context: z.RefinementCtx) => {
    const given = fields.filter((field) => value[field] !== undefined);
    if (given.length > 1) {
      context.addIssue({
        code: 'custom',
        path: [],
        message: `Only one of ${fields.join(', ')} is allowed.`,
        params: { code: 'onlyOneOf', status: 422 },
      });
    }
  };
}

/** `GET /categories` query (api-contract §7). */
export const categoryListQuerySchema = z
  .object({
    categoryID: rangeExpressionParam('categoryID').optional(),
    parentCategoryID: queryInt(-1).optional(),
    parentCategoryCode: z.string().min(1).max(255).optional(),
    includeParentCategory: queryBoolean.optional(),
    siteSectionID: z.string().optional(),
    followed: queryBoolean.optional(),
    followedUserID: idSchema.optional(),
    maxDepth: z.coerce.number().int().min(1).max(100).optional(),
    archived: queryBoolean.optional(),
    featured: queryBoolean.optional(),
    dirtyRecords: queryBoolean.optional(),
    outputFormat: z.enum(['tree', 'flat']).optional(),
    page: z.coerce.number().int().min(1).max(MAX_CATEGORY_PAGES).optional(),
    limit: z.coerce.number().int().min(1).max(500).optional(),
    sort: z
      .enum(['categoryID', '-categoryID', 'name', '-name', 'dateFollowed', '-dateFollowed'])
      .optional(),
    expand: categoryExpandSchema,
    layoutViewType: z.string().max(100).optional(),
    postTypeID: z.string().optional(),
    postTypeStatus: z.enum(['active', 'inactive', 'both']).optional(),
    filterDiscussionsAdd: queryBoolean.optional(),
  })
  .superRefine(onlyOneOf(['categoryID', 'parentCategoryID', 'parentCategoryCode']))
  .superRefine(onlyOneOf(['followed', 'followedUserID']));

export type CategoryListQuery = z.infer<typeof categoryListQuerySchema>;

/** A category in a path: its ID or a smart ID `$urlcode:<code>` / `$name:<name>` (api-contract §1.3). */
export const categoryIDParamsSchema = z.object({
  id: z.union([
    pathIDSchema('Category', -1),
    z
      .string()
      .regex(/^\$(urlcode|name):.+$/, 'id must be a category ID, $urlcode:<code> or $name:<name>.'),
  ]),
});

export type CategoryRef = z.infer<typeof categoryIDParamsSchema>['id'];

/** `GET /categories/{id}` query. */
export const categoryGetQuerySchema = z.object({ expand: categoryExpandSchema });

/** `GET /categories/search` query (api-contract §7). */
export const categorySearchQuerySchema = z.object({
  query: z.string().max(255),
  parentCategoryID: queryInt(-1).optional(),
  siteSectionID: z.string().optional(),
  displayAs: z
    .preprocess(
      (value) =>
        typeof value === 'string'
          ? value.split(',')
          : Array.isArray(value)
            ? value
            : value === undefined
              ? undefined
              : [value],
      z.array(z.string().trim().toLowerCase().pipe(z.enum(categoryDisplayAs))).optional(),
    )
    .optional(),
  layoutViewType: z.string().max(100).optional(),
  filterDiscussionsAdd: queryBoolean.optional(),
  page: pageParam,
  limit: z.coerce.number().int().min(1).max(100).default(30),
  expand: expandParam(['parent', 'breadcrumbs'] as const),
});

export type CategorySearchQuery = z.infer<typeof categorySearchQuerySchema>;

/**
 * A role's permissions in a category with custom permissions, set through `POST/PATCH
 * /categories` (a Hearth extension): `{roleID, permissions: {"discussions.view": true, ...}}`.
 * Names are the category-scoped stored names; others are ignored. Entries merge: names not given
 * keep their value (when custom permissions are turned on, every role starts from its default
 * category permissions, as in Vanilla).
 */
export const categoryRolePermissionsSchema = z.object({
  roleID: bodyIDSchema,
  permissions: z.record(z.string(), z.boolean()),
});

export type CategoryRolePermissions = z.infer<typeof categoryRolePermissionsSchema>;

const allowedDiscussionTypesMessage = `allowedDiscussionTypes can only contain the following values: ${discussionTypes.join(', ')}`;

const categoryWriteFields = {
  name: z.string().trim().min(1).max(255),
  urlcode: z
    .string()
    .trim()
    .min(1)
    .max(255)
    .regex(
      /^[\p{L}\p{N}_-]+$/u,
      'urlcode can only contain letters, numbers, underscores and dashes.',
    )
    .refine((value) => !/^\d+$/.test(value), { message: 'urlcode cannot be only numbers.' }),
  parentCategoryID: z.number().int().nullable(),
  displayAs: z.string().trim().toLowerCase().pipe(z.enum(categoryDisplayAs)),
  customPermissions: z.boolean(),
  description: z.string().max(1000),
  featured: z.boolean(),
  iconUrl: z.string().max(2000).nullable(),
  bannerUrl: z.string().max(2000).nullable(),
  pointsCategoryID: z.number().int().nullable(),
  allowedDiscussionTypes: z
    .array(z.string().toLowerCase())
    .refine(
      (types) =>
        types.length > 0 &&
        types.every((type) => (discussionTypes as readonly string[]).includes(type)),
      {
        message: allowedDiscussionTypesMessage,
      },
    ),
  isArchived: z.boolean(),
  sort: z.number().int().min(0).max(MAX_CATEGORY_SORT),
  permissions: z.array(categoryRolePermissionsSchema).max(100),
};

/**
 * `POST /categories` body (api-contract §7). Hearth extensions: `isArchived`, `sort` (position
 * among siblings; default last) and `permissions` (role permissions of a category with
 * `customPermissions`).
 */
export const createCategoryBodySchema = z.object({
  ...categoryWriteFields,
  parentCategoryID: categoryWriteFields.parentCategoryID.optional(),
  displayAs: categoryWriteFields.displayAs.optional(),
  customPermissions: categoryWriteFields.customPermissions.optional(),
  description: categoryWriteFields.description.optional(),
  featured: categoryWriteFields.featured.optional(),
  iconUrl: categoryWriteFields.iconUrl.optional(),
  bannerUrl: categoryWriteFields.bannerUrl.optional(),
  pointsCategoryID: categoryWriteFields.pointsCategoryID.optional(),
  allowedDiscussionTypes: categoryWriteFields.allowedDiscussionTypes.optional(),
  isArchived: categoryWriteFields.isArchived.optional(),
  sort: categoryWriteFields.sort.optional(),
  permissions: categoryWriteFields.permissions.optional(),
});

export type CreateCategoryBody = z.infer<typeof createCategoryBodySchema>;

/** `PATCH /categories/{id}` body: the same fields, all optional. */
export const patchCategoryBodySchema = createCategoryBodySchema.partial();

export type PatchCategoryBody = z.infer<typeof patchCategoryBodySchema>;

/** `DELETE /categories/{id}` query: `newCategoryID` moves the content there instead of deleting it. */
export const deleteCategoryQuerySchema = z.object({
  newCategoryID: idSchema.optional(),
  batch: queryBoolean.optional(),
});

/**
 * `GET /categories/{id}/edit` answer (api-contract §7), plus the Hearth extensions an edit form
 * needs: `customPermissions`, `featured`, `isArchived`, `allowedDiscussionTypes`, `sort` and, for a
 * category with custom permissions, every role's category permissions.
 */
export const categoryEditSchema = z.object({
  categoryID: z.number().int(),
  name: z.string(),
  parentCategoryID: z.number().int().nullable(),
  urlcode: z.string(),
  description: z.string(),
  displayAs: z.enum(categoryDisplayAs),
  iconUrl: z.string().nullable(),
  bannerUrl: z.string().nullable(),
  customPermissions: z.boolean(),
  featured: z.boolean(),
  isArchived: z.boolean(),
  allowedDiscussionTypes: z.array(z.string()),
  sort: z.number().int(),
  permissions: z.array(categoryRolePermissionsSchema).optional(),
});

export type CategoryEdit = z.infer<typeof categoryEditSchema>;

/** `PUT /categories/{id}/follow` body and answer. */
export const categoryFollowSchema = z.object({ followed: z.boolean() });

/** A user in a preferences path: an ID or `$me`. */
const preferencesUserID = z.union([z.literal('$me'), pathIDSchema('User', 0)]);

export const categoryPreferencesParamsSchema = z.object({
  id: categoryIDParamsSchema.shape.id,
  userID: preferencesUserID,
});

export const userCategoryPreferencesParamsSchema = z.object({ userID: preferencesUserID });

/** One item of `GET /categories/preferences/{userID}`: a followed category and its preferences. */
export const followedCategoryPreferencesSchema = z.object({
  categoryID: z.number().int(),
  name: z.string(),
  description: z.string(),
  url: z.string(),
  preferences: categoryPreferencesSchema,
});

export type FollowedCategoryPreferences = z.infer<typeof followedCategoryPreferencesSchema>;
