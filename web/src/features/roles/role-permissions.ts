import {
  roleTypes,
  type CreateRoleBody,
  type PatchRoleBody,
  type Role,
  type RolePermissionEntry,
  type RoleType,
} from '../../../../common/src/api/roles.ts';
import {
  storedPermissionNames,
  type StoredPermissionName,
} from '../../../../common/src/permissions/names.ts';

/** A global permission as the role editor shows it. */
export interface GlobalPermissionItem {
  name: StoredPermissionName;
  label: string;
}

/**
 * The global permissions grouped as Vanilla's role editor groups them (Garden: the site and its
 * members; Vanilla: posting; Conversations; Reactions). Every stored global name appears once
 * (`role-permissions.test.ts`).
 */
export const globalPermissionGroups: readonly {
  group: string;
  permissions: readonly GlobalPermissionItem[];
}[] = [
  {
    group: 'Garden',
    permissions: [
      { name: 'session.valid', label: 'Sign in' },
      { name: 'site.manage', label: 'Manage settings' },
      { name: 'community.manage', label: 'Manage community' },
      { name: 'community.moderate', label: 'Moderate community' },
      { name: 'curation.manage', label: 'Manage curation' },
      { name: 'staff.allow', label: 'Staff' },
      { name: 'applicants.manage', label: 'Manage applicants' },
      { name: 'users.add', label: 'Add users' },
      { name: 'users.edit', label: 'Edit users' },
      { name: 'users.delete', label: 'Delete users' },
      { name: 'profiles.view', label: 'View profiles' },
      { name: 'profiles.edit', label: 'Edit own profile' },
      { name: 'profile.editusernames', label: 'Change own username' },
      { name: 'personalInfo.view', label: 'View personal info' },
      { name: 'email.view', label: 'Receive email' },
      { name: 'uploads.add', label: 'Upload files' },
      { name: 'tokens.add', label: 'Add access tokens' },
    ],
  },
  {
    group: 'Vanilla',
    permissions: [
      { name: 'tags.add', label: 'Add tags' },
      { name: 'flag.add', label: 'Report posts' },
      { name: 'schedule.allow', label: 'Schedule posts' },
      { name: 'approval.require', label: 'Require approval' },
    ],
  },
  {
    group: 'Conversations',
    permissions: [
      { name: 'conversations.add', label: 'Start conversations' },
      { name: 'conversations.moderate', label: 'Moderate conversations' },
    ],
  },
  {
    group: 'Reactions',
    permissions: [
      { name: 'reactions.view', label: 'View reactions' },
      { name: 'reactions.Positive.add', label: 'Positive reactions' },
      { name: 'reactions.Negative.add', label: 'Negative reactions' },
      { name: 'reactions.Flag.add', label: 'Flag reactions' },
    ],
  },
];

/** Labels of the role types (api-contract §16), in their order. */
export const roleTypeLabels: Readonly<Record<RoleType, string>> = {
  guest: 'Guest',
  unconfirmed: 'Unconfirmed',
  applicant: 'Applicant',
  member: 'Member',
  moderator: 'Moderator',
  administrator: 'Administrator',
};

/** Grants by permission name. */
export type Grants = Readonly<Record<string, boolean>>;

/** What the role form edits. */
export interface RoleFormValues {
  name: string;
  description: string;
  type: RoleType | null;
  canSession: boolean;
  personalInfo: boolean;
  global: Grants;
  /** Category rows by category ID; 0 holds the default category permissions. */
  categories: Readonly<Record<number, Grants>>;
}

function pick(
  permissions: Readonly<Record<string, boolean>> | undefined,
  names: readonly string[],
): Grants {
  return Object.fromEntries(names.map((name) => [name, permissions?.[name] === true]));
}

/** The form of a new role: members' basic rights, nothing in custom categories. */
export function emptyRoleForm(junctionIDs: readonly number[]): RoleFormValues {
  const categories: Record<number, Grants> = {};
  for (const id of [0, ...junctionIDs])
    categories[id] = pick(undefined, storedPermissionNames.category);
  return {
    name: '',
    description: '',
    type: null,
    canSession: true,
    personalInfo: false,
    global: pick(undefined, storedPermissionNames.global),
    categories,
  };
}

/** The form of an existing role (its entries from `expand=permissions`). */
export function roleFormFromRole(role: Role): RoleFormValues {
  const categories: Record<number, Grants> = {};
  let global: Grants = pick(undefined, storedPermissionNames.global);
  for (const entry of role.permissions ?? []) {
    if (entry.type === 'global') global = pick(entry.permissions, storedPermissionNames.global);
    else categories[entry.id ?? 0] = pick(entry.permissions, storedPermissionNames.category);
  }
  categories[0] ??= pick(undefined, storedPermissionNames.category);
  return {
    name: role.name,
    description: role.description ?? '',
    type: role.type,
    canSession: role.canSession,
    personalInfo: role.personalInfo,
    global,
    categories,
  };
}

function permissionEntries(values: RoleFormValues): RolePermissionEntry[] {
  return [
    { type: 'global', permissions: { ...values.global } },
    ...Object.entries(values.categories).map(([id, permissions]) => ({
      type: 'category' as const,
      id: Number(id),
      permissions: { ...permissions },
    })),
  ];
}

/** `POST /roles` body of the form. */
export function toCreateRoleBody(values: RoleFormValues): CreateRoleBody {
  return {
    name: values.name.trim(),
    description: values.description.trim() === '' ? null : values.description.trim(),
    type: values.type,
    canSession: values.canSession,
    personalInfo: values.personalInfo,
    permissions: permissionEntries(values),
  };
}

function sameGrants(a: Grants | undefined, b: Grants | undefined): boolean {
  const keys = new Set([...Object.keys(a ?? {}), ...Object.keys(b ?? {})]);
  return [...keys].every((key) => (a?.[key] === true) === (b?.[key] === true));
}

/** `PATCH /roles/{id}` body: only what changed (permission entries that changed, whole). */
export function toPatchRoleBody(values: RoleFormValues, initial: RoleFormValues): PatchRoleBody {
  const body: PatchRoleBody = {};
  if (values.name.trim() !== initial.name) body.name = values.name.trim();
  const description = values.description.trim();
  if (description !== (initial.description ?? ''))
    body.description = description === '' ? null : description;
  if (values.type !== initial.type) body.type = values.type;
  if (values.canSession !== initial.canSession) body.canSession = values.canSession;
  if (values.personalInfo !== initial.personalInfo) body.personalInfo = values.personalInfo;
  const changed = permissionEntries(values).filter((entry) =>
    entry.type === 'global'
      ? !sameGrants(entry.permissions, initial.global)
      : !sameGrants(entry.permissions, initial.categories[entry.id ?? 0]),
  );
  if (changed.length > 0) body.permissions = changed;
  return body;
}

/** Whether a string is a role type. */
export function isRoleType(value: string): value is RoleType {
  return (roleTypes as readonly string[]).includes(value);
}

/** The roles chosen as defaults: new members' roles and guests' roles, by ID. */
export interface DefaultRoleChoice {
  member: readonly number[];
  guest: readonly number[];
}

/**
 * The type changes that make the chosen roles the defaults: a chosen role takes the list's type,
 * a role of that type left out loses it (type null); other roles keep theirs.
 */
export function defaultRoleChanges(
  roles: readonly Pick<Role, 'roleID' | 'type'>[],
  choice: DefaultRoleChoice,
): { roleID: number; type: RoleType | null }[] {
  const changes: { roleID: number; type: RoleType | null }[] = [];
  for (const role of roles) {
    const next: RoleType | null = choice.member.includes(role.roleID)
      ? 'member'
      : choice.guest.includes(role.roleID)
        ? 'guest'
        : role.type === 'member' || role.type === 'guest'
          ? null
          : role.type;
    if (next !== role.type) changes.push({ roleID: role.roleID, type: next });
  }
  return changes;
}
