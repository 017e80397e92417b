import type { StoredPermissionName } from '../../../../../common/src/permissions/names.ts';

/** The category permissions the grid edits, grouped as the columns show them. */
export const categoryPermissionGroups: readonly {
  group: string;
  permissions: readonly { name: StoredPermissionName; label: string }[];
}[] = [
  {
    group: 'Discussions',
    permissions: [
      { name: 'discussions.view', label: 'View' },
      { name: 'discussions.add', label: 'Add' },
      { name: 'discussions.edit', label: 'Edit' },
      { name: 'discussions.delete', label: 'Delete' },
      { name: 'discussions.announce', label: 'Announce' },
      { name: 'discussions.close', label: 'Close' },
      { name: 'discussions.sink', label: 'Sink' },
      { name: 'discussions.closeOwn', label: 'Close own' },
    ],
  },
  {
    group: 'Comments',
    permissions: [
      { name: 'comments.add', label: 'Add' },
      { name: 'comments.edit', label: 'Edit' },
      { name: 'comments.delete', label: 'Delete' },
    ],
  },
  { group: 'Posts', permissions: [{ name: 'posts.moderate', label: 'Moderate' }] },
];

/** Every permission name of the grid, in column order. */
export const categoryPermissionNames: readonly StoredPermissionName[] =
  categoryPermissionGroups.flatMap((group) => group.permissions.map((item) => item.name));

/** Each role's grants in one category: roleID → permission name → granted. */
export type RoleGrants = Readonly<Record<number, Readonly<Record<string, boolean>>>>;
