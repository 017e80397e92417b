import { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import {
  asAdmin,
  asMember,
  asModerator,
  inject,
  type TestActor,
  type TestUser,
} from '../../../test/actors.ts';
import type { Role } from '../../../../common/src/api/roles.ts';
import { nowIso } from '../../platform/dates.ts';

// The set-up the roles API test files share (one app per file).

export type { ErrorBody } from '../../../test/factories.ts';

/**
 * Registers the shared before/after hooks in the calling `describe` and returns the fixture: its
 * values are read once the hooks have run.
 */
export function useRolesFixture() {
  let t: TestApp;
  let admin: TestActor<TestUser>;
  let member: TestActor<TestUser>;
  let moderator: TestActor<TestUser>;
  let junctionID: number;
  let plainCategoryID: number;

  const roleByType = async (type: string): Promise<Role> => {
    const response = await inject(t, admin, { method: 'GET', url: '/api/v2/roles' });
    const role = (response.json() as Role[]).find((candidate) => candidate.type === type);
    assert.ok(role, type);
    return role;
  };

  const createRole = async (body: Record<string, unknown>): Promise<Role> => {
    const response = await inject(t, admin, {
      method: 'POST',
      url: '/api/v2/roles',
      payload: body,
    });
    assert.equal(response.statusCode, 201, response.body);
    return response.json() as Role;
  };

  before(async () => {
    t = await createTestApp();
    admin = await asAdmin(t);
    member = await asMember(t);
    moderator = await asModerator(t);
    const now = nowIso();
    const junction = await t.db
      .insertInto('categories')
      .values({ name: 'Staff', urlcode: 'roles-staff', customPermissions: true, dateInserted: now })
      .returning('categoryID')
      .executeTakeFirstOrThrow();
    junctionID = junction.categoryID;
    await t.db
      .updateTable('categories')
      .set({ permissionCategoryID: junctionID })
      .where('categoryID', '=', junctionID)
      .execute();
    const plain = await t.db
      .insertInto('categories')
      .values({ name: 'Plain', urlcode: 'roles-plain', dateInserted: now })
      .returning('categoryID')
      .executeTakeFirstOrThrow();
    plainCategoryID = plain.categoryID;
  });
  after(async () => {
    await t.close();
  });

  return {
    get t() {
      return t;
    },
    get admin() {
      return admin;
    },
    get member() {
      return member;
    },
    get moderator() {
      return moderator;
    },
    get junctionID() {
      return junctionID;
    },
    get plainCategoryID() {
      return plainCategoryID;
    },
    roleByType,
    createRole,
  };
}
