import type { Role } from '../../../../../common/src/api/roles.ts';
import { storedPermissionNames } from '../../../../../common/src/permissions/names.ts';
import { member } from '../../../test/render.tsx';

/** A signed-in administrator for the roles screens' tests. */
export const admin = { ...member, userID: 2, name: 'admin', isAdmin: true };

/** Every name of a scope set to `granted`, with exceptions. */
export function allOf(
  scope: 'global' | 'category',
  granted: boolean,
  except: Record<string, boolean> = {},
): Record<string, boolean> {
  return {
    ...Object.fromEntries(storedPermissionNames[scope].map((name) => [name, granted])),
    ...except,
  };
}

/** A role as `GET /roles?expand=permissions` answers, with a custom category 5. */
export function role(
  roleID: number,
  name: string,
  extra: Partial<Role> = {},
  grants: {
    global?: Record<string, boolean>;
    defaults?: Record<string, boolean>;
    staff?: Record<string, boolean>;
  } = {},
): Role {
  return {
    roleID,
    name,
    description: null,
    type: null,
    deletable: true,
    canSession: true,
    personalInfo: false,
    permissions: [
      { type: 'global', permissions: allOf('global', false, grants.global) },
      { type: 'category', id: 0, permissions: allOf('category', false, grants.defaults) },
      { type: 'category', id: 5, permissions: allOf('category', false, grants.staff) },
    ],
    ...extra,
  };
}

/** The roles of the tests: Guest, Member (defaults) and Helpers (deletable). */
export const roles: Role[] = [
  role(
    2,
    'Guest',
    {
      type: 'guest',
      deletable: false,
      canSession: false,
      description: 'Guests can only view content.',
    },
    {
      defaults: { 'discussions.view': true },
    },
  ),
  role(
    8,
    'Member',
    { type: 'member', deletable: false },
    {
      global: { 'session.valid': true },
      defaults: { 'discussions.view': true, 'comments.add': true },
    },
  ),
  role(
    12,
    'Helpers',
    { description: 'People who answer questions.' },
    {
      staff: { 'discussions.view': true },
    },
  ),
];
