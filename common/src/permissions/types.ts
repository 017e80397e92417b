import { z } from 'zod';
import { expandParam, pathIDSchema } from '../api/common.ts';

/** Check modes of spec 000 §6. */
export const permissionModes = [
  'global',
  'resource',
  'globalOrResource',
  'resourceIfJunction',
] as const;

/** How `has()` picks the permission entries it looks at (spec 000 §6). */
export type PermissionMode = (typeof permissionModes)[number];

/** Entry types of the permission output (api-contract §3). */
export const permissionEntryTypes = ['global', 'category', 'knowledgeBase'] as const;

/** Type of one entry of `PermissionSet.permissions`. */
export type PermissionEntryType = (typeof permissionEntryTypes)[number];

/** Resource types that can own junction entries (every entry type but `global`). */
export type PermissionResourceType = Exclude<PermissionEntryType, 'global'>;

/**
 * One entry of the permission output: the global entry (`id: null`, which also carries the
 * category-scoped names granted by the default category rows) or a junction's entry. Granted names
 * are `true`; the consolidated `discussions.manage`/`discussions.moderate` may be `false` or `null`
 * (partly granted).
 */
export const permissionEntrySchema = z.object({
  type: z.enum(permissionEntryTypes),
  id: z.number().int().nullable(),
  permissions: z.record(z.string(), z.boolean().nullable()),
});

/** One entry of `PermissionSet.permissions`. */
export type PermissionEntry = z.infer<typeof permissionEntrySchema>;

/** Body of `GET /users/{id}/permissions` (api-contract §3); junctions only with `expand=junctions`. */
export const permissionSetSchema = z.object({
  isAdmin: z.boolean(),
  isSysAdmin: z.boolean(),
  isSuperAdmin: z.boolean(),
  permissions: z.array(permissionEntrySchema),
  junctions: z.record(z.string(), z.array(z.number().int())).optional(),
  junctionAliases: z.record(z.string(), z.record(z.string(), z.number().int())).optional(),
});

/**
 * A user's effective permissions, exactly as `GET /users/$me/permissions?expand=junctions` returns
 * them; built once per request on the server and fetched once by the web app.
 */
export type PermissionSet = z.infer<typeof permissionSetSchema>;

/** A user in the path of `GET /users/{id}/permissions`: `$me`, an ID (0: guest) or `$name:<name>`. */
export const userPermissionsParamsSchema = z.object({
  id: z.union([
    z.literal('$me'),
    pathIDSchema('User', 0),
    z.string().regex(/^\$name:.+$/, 'id must be a user ID, $me or $name:<name>.'),
  ]),
});

/** Query of `GET /users/{id}/permissions`: `expand=junctions` (or `all`) adds junctions and aliases. */
export const userPermissionsQuerySchema = z.object({
  expand: expandParam(['junctions'] as const),
});
