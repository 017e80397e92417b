import { describe, expect, it } from 'vitest';
import { storedPermissionNames } from '../../../../common/src/permissions/names.ts';
import {
  defaultRoleChanges,
  emptyRoleForm,
  globalPermissionGroups,
  roleFormFromRole,
  toCreateRoleBody,
  toPatchRoleBody,
} from './role-permissions.ts';
import { roles } from './test/role-fixtures.ts';

describe('role permissions of the role editor', () => {
  it('groups every stored global permission exactly once', () => {
    const shown = globalPermissionGroups.flatMap((group) =>
      group.permissions.map((item) => item.name),
    );
    expect([...shown].sort()).toEqual([...storedPermissionNames.global].sort());
  });

  it('a new role sends every permission of the global, default and custom category entries', () => {
    const values = emptyRoleForm([5]);
    const body = toCreateRoleBody({
      ...values,
      name: ' Helpers ',
      global: { ...values.global, 'tags.add': true },
    });
    expect(body.name).toBe('Helpers');
    expect(body.description).toBeNull();
    expect(body.permissions?.map((entry) => [entry.type, entry.id])).toEqual([
      ['global', undefined],
      ['category', 0],
      ['category', 5],
    ]);
    expect(body.permissions?.[0]?.permissions['tags.add']).toBe(true);
    expect(body.permissions?.[0]?.permissions['site.manage']).toBe(false);
  });

  it('an edited role sends only what changed', () => {
    const initial = roleFormFromRole(roles[2]!);
    expect(toPatchRoleBody(initial, initial)).toEqual({});
    const changed = {
      ...initial,
      description: '',
      categories: { ...initial.categories, 5: { ...initial.categories[5], 'comments.add': true } },
    };
    const body = toPatchRoleBody(changed, initial);
    expect(body.description).toBeNull();
    expect(body.permissions).toHaveLength(1);
    expect(body.permissions?.[0]).toMatchObject({ type: 'category', id: 5 });
    expect(body.permissions?.[0]?.permissions['comments.add']).toBe(true);
  });

  it('default roles: a chosen role takes the type, a left-out one loses it, others keep theirs', () => {
    const withModerator = [...roles, { roleID: 16, type: 'moderator' as const }];
    expect(defaultRoleChanges(withModerator, { member: [8], guest: [2] })).toEqual([]);
    expect(defaultRoleChanges(withModerator, { member: [12], guest: [2] })).toEqual([
      { roleID: 8, type: null },
      { roleID: 12, type: 'member' },
    ]);
    expect(defaultRoleChanges(withModerator, { member: [8, 16], guest: [] })).toEqual([
      { roleID: 2, type: null },
      { roleID: 16, type: 'member' },
    ]);
  });
});
