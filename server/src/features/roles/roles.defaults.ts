import type { Kysely } from 'kysely';
import {
  storedPermissionNames,
  type StoredPermissionName,
} from '../../../../common/src/permissions/names.ts';
import type { RoleType } from '../../../../common/src/api/roles.ts';
import type { Database } from '../../platform/db/schema.ts';
import { nowIso } from '../../platform/dates.ts';
import {
  findRoleByName,
  findRoleByType,
  insertRole,
  writeRolePermissions,
  type RolePermissionWrite,
} from './roles.repo.ts';
import { DEFAULT_RESOURCE_ID } from '../../permissions/build-permission-set.ts';
import { bumpPermissionsVersion } from '../../permissions/permission-set.repo.ts';

/** A default role: its fields, its global grants and its default category grants. */
export interface DefaultRole {
  type: RoleType;
  name: string;
  description: string;
  deletable: boolean;
  canSession: boolean;
  global: readonly StoredPermissionName[];
  category: readonly StoredPermissionName[];
}

const memberGlobal = [
  'session.valid',
  'profiles.view',
  'profiles.edit',
  'uploads.add',
  'tags.add',
  'conversations.add',
  // Receives e-mail notifications and chooses them (Vanilla's Garden.Email.View; api-contract §6).
  'email.view',
  'flag.add',
  'reactions.view',
  'reactions.Positive.add',
  'reactions.Negative.add',
  'reactions.Flag.add',
] as const satisfies readonly StoredPermissionName[];

const memberCategory = [
  'discussions.view',
  'discussions.add',
  'comments.add',
] as const satisfies readonly StoredPermissionName[];

/**
 * The six default roles (api-contract §16), with Vanilla-like grants: guests read, members take
 * part, moderators moderate every category, administrators hold every stored permission.
 */
export const defaultRoles: readonly DefaultRole[] = [
  {
    type: 'guest',
    name: 'Guest',
    description:
      'Guests can only view content. Anyone browsing the site who is not signed in is a guest.',
    deletable: false,
    canSession: false,
    global: ['profiles.view', 'reactions.view'],
    category: ['discussions.view'],
  },
  {
    type: 'unconfirmed',
    name: 'Unconfirmed',
    description: 'Users who have not confirmed their e-mail address yet.',
    deletable: false,
    canSession: true,
    global: ['session.valid', 'profiles.view', 'profiles.edit', 'reactions.view'],
    category: ['discussions.view'],
  },
  {
    type: 'applicant',
    name: 'Applicant',
    description: 'Users who have applied for membership. They cannot sign in until approved.',
    deletable: false,
    canSession: false,
    global: [],
    category: [],
  },
  {
    type: 'member',
    name: 'Member',
    description: 'Members can take part in discussions.',
    deletable: false,
    canSession: true,
    global: memberGlobal,
    category: memberCategory,
  },
  {
    type: 'moderator',
    name: 'Moderator',
    description: 'Moderators can edit, close, move and delete content in every category.',
    deletable: true,
    canSession: true,
    global: [
      ...memberGlobal,
      'community.moderate',
      'curation.manage',
      'staff.allow',
      'personalInfo.view',
      'conversations.moderate',
      'schedule.allow',
      'applicants.manage',
    ],
    category: storedPermissionNames.category,
  },
  {
    type: 'administrator',
    name: 'Administrator',
    description: 'Administrators can do anything.',
    deletable: false,
    canSession: true,
    global: storedPermissionNames.global,
    category: storedPermissionNames.category,
  },
];

/** The rows a default role starts with: global rows and default category rows (resourceID 0). */
export function defaultRolePermissionRows(role: DefaultRole): RolePermissionWrite[] {
  return [
    ...role.global.map((permission) => ({
      resourceType: 'global',
      resourceID: DEFAULT_RESOURCE_ID,
      permission,
      granted: true,
    })),
    ...role.category.map((permission) => ({
      resourceType: 'category',
      resourceID: DEFAULT_RESOURCE_ID,
      permission,
      granted: true,
    })),
  ];
}

/**
 * Creates each default role that is missing (by type; a role already using the name is left
 * alone), with its grants. Idempotent: existing roles and their permissions are never changed.
 * Run it inside the first-start transaction.
 */
export async function seedDefaultRoles(db: Kysely<Database>): Promise<void> {
  let inserted = false;
  for (const role of defaultRoles) {
    if (await findRoleByType(db, role.type)) continue;
    if (await findRoleByName(db, role.name)) continue;
    const roleID = await insertRole(db, {
      name: role.name,
      description: role.description,
      type: role.type,
      deletable: role.deletable,
      canSession: role.canSession,
      personalInfo: false,
      dateInserted: nowIso(),
    });
    await writeRolePermissions(db, roleID, defaultRolePermissionRows(role));
    inserted = true;
  }
  if (inserted) await bumpPermissionsVersion(db);
}
