import { z } from 'zod';
import { expandParam, intSchema, pathIDSchema } from './common.ts';

/** Role types of api-contract §16 (one default role each). */
export const roleTypes = [
  'guest',
  'unconfirmed',
  'applicant',
  'member',
  'moderator',
  'administrator',
] as const;

/** A role's type; `null` for roles an administrator added. */
export type RoleType = (typeof roleTypes)[number];

/**
 * One permission entry of a role (api-contract §16): the global rows, or a category's rows where
 * `id` 0 holds the default rows used by categories without custom permissions.
 */
export const rolePermissionEntrySchema = z.object({
  type: z.enum(['global', 'category']),
  id: intSchema(0).optional(),
  permissions: z.record(z.string(), z.boolean()),
});

export type RolePermissionEntry = z.infer<typeof rolePermissionEntrySchema>;

/** Permission entries in a request body; a category entry needs its `id`. */
export const rolePermissionsInputSchema = z.array(
  rolePermissionEntrySchema.refine((entry) => entry.type === 'global' || entry.id !== undefined, {
    message: 'id is required.',
    path: ['id'],
    params: { code: 'missingField', status: 400 },
  }),
);

export type RolePermissionsInput = z.infer<typeof rolePermissionsInputSchema>;

/** A role as `site.manage` holders see it (api-contract §16). */
export const roleSchema = z.object({
  roleID: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  type: z.enum(roleTypes).nullable(),
  deletable: z.boolean(),
  canSession: z.boolean(),
  personalInfo: z.boolean(),
  assignable: z.boolean().optional(),
  permissions: z.array(rolePermissionEntrySchema).optional(),
});

export type Role = z.infer<typeof roleSchema>;

/** The reduced role other viewers get from `GET /roles` (api-contract §16). */
export const roleSummarySchema = z.object({
  roleID: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  assignable: z.boolean().optional(),
});

export type RoleSummary = z.infer<typeof roleSummarySchema>;

/** `GET /roles` answer: full roles for `site.manage` holders, summaries for the others. */
export const roleListSchema = z.array(z.union([roleSchema, roleSummarySchema]));

/** `expand` of the roles calls. */
export const roleExpandSchema = expandParam(['permissions', 'assignable'] as const);

export const roleListQuerySchema = z.object({
  expand: roleExpandSchema,
});

export const roleGetQuerySchema = z.object({
  expand: roleExpandSchema,
});

/** A role in a path: its ID or the smart ID `$name:<name>` (api-contract §1.3). */
export const roleIDParamsSchema = z.object({
  id: z.union([
    pathIDSchema('Role'),
    z.string().regex(/^\$name:.+$/, 'id must be a role ID or $name:<name>.'),
  ]),
});

const roleName = z.string().trim().min(1).max(100);
const roleDescription = z.string().max(500).nullable();

/** `POST /roles` body. */
export const createRoleBodySchema = z.object({
  name: roleName,
  description: roleDescription.optional(),
  type: z.enum(roleTypes).nullable().optional(),
  deletable: z.boolean().optional(),
  canSession: z.boolean().optional(),
  personalInfo: z.boolean().optional(),
  permissions: rolePermissionsInputSchema.optional(),
});

export type CreateRoleBody = z.infer<typeof createRoleBodySchema>;

/** `PATCH /roles/{id}` body; `permissions` entries are merged like `PATCH /roles/{id}/permissions`. */
export const patchRoleBodySchema = createRoleBodySchema.partial();

export type PatchRoleBody = z.infer<typeof patchRoleBodySchema>;

/** `PUT|PATCH /roles/{id}/permissions` answer: the role's permission entries. */
export const rolePermissionsSchema = z.array(rolePermissionEntrySchema);
