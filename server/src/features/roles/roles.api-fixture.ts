import assert from 'node:assert/strict';
import { inject } from '../../../test/actors.ts';
import { makeActors, makeCategory, makeRole } from '../../../test/factories.ts';
import { useTestApp } from '../../../test/fixture.ts';
import type { Role } from '../../../../common/src/api/roles.ts';

// The set-up the roles API test files share (one app per file).

export type { ErrorBody } from '../../../test/factories.ts';

/**
 * Registers the shared before/after hooks in the calling `describe` and returns the fixture: its
 * values are read once the hooks have run.
 */
export function useRolesFixture() {
  const fx = useTestApp(async (t) => {
    const { admin, member, moderator } = await makeActors(t);
    const junction = await makeCategory(t, {
      name: 'Staff',
      urlcode: 'roles-staff',
      customPermissions: true,
      as: admin,
    });
    const plain = await makeCategory(t, { name: 'Plain', urlcode: 'roles-plain', as: admin });
    return {
      admin,
      member,
      moderator,
      junctionID: junction.categoryID,
      plainCategoryID: plain.categoryID,
    };
  });

  const roleByType = async (type: string): Promise<Role> => {
    const response = await inject(fx.t, fx.admin, { method: 'GET', url: '/api/v2/roles' });
    const role = (response.json() as Role[]).find((candidate) => candidate.type === type);
    assert.ok(role, type);
    return role;
  };

  const createRole = (body: Record<string, unknown>): Promise<Role> =>
    makeRole(fx.t, { ...body, as: fx.admin });

  return Object.assign(fx, { roleByType, createRole });
}
