import { after, before } from 'node:test';
import assert from 'node:assert/strict';
import type { Category, CategoryTreeNode } from '../../../../common/src/api/categories.ts';
import type { RoleType } from '../../../../common/src/api/roles.ts';
import {
  asAdmin,
  asGuest,
  asMember,
  asModerator,
  inject,
  type TestActor,
  type TestUser,
} from '../../../test/actors.ts';
import { makeCategory, makeHiddenCategory, roleIDOf } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

// The set-up the categories API test files share: one app with an administrator, a member, a
// moderator and a guest, and the categories A > B > C (depth 1..3) beside a restricted junction R
// (members and guests may not view it) with an inheriting child RC.

export type { ErrorBody } from '../../../test/factories.ts';

/** The body of a 403 for one missing permission. */
export const forbidden = (permission: string) => ({
  message: 'Permission Problem',
  status: 403,
  description: `You need the ${permission} permission to do that.`,
  permissions: [permission],
});

/** Every category ID of a tree or list, depth first. */
export const flatIDs = (nodes: readonly (Category | CategoryTreeNode)[]): number[] =>
  nodes.flatMap((node) => [node.categoryID, ...('children' in node ? flatIDs(node.children) : [])]);

export interface CategoriesFixture {
  t: TestApp;
  admin: TestActor<TestUser>;
  member: TestActor<TestUser>;
  moderator: TestActor<TestUser>;
  guest: TestActor<null>;
  memberRoleID: number;
  guestRoleID: number;
  a: Category;
  b: Category;
  c: Category;
  restricted: Category;
  restrictedChild: Category;
  /** A URL code unique within the file. */
  code: (prefix: string) => string;
  /** `POST /categories` as the administrator; asserts 201. */
  create: (body: Record<string, unknown>) => Promise<Category>;
  get: (actor: TestActor | null, url: string) => ReturnType<typeof inject>;
  /** `GET /categories{query}`; asserts 200. */
  list: (actor: TestActor | null, query: string) => Promise<Category[]>;
  roleIDOf: (type: RoleType) => Promise<number>;
}

/**
 * Registers the before/after hooks of the shared set-up in the calling `describe` and returns the
 * fixture, whose fields are set once the hooks have run.
 */
export function useCategoriesFixture(): CategoriesFixture {
  let sequence = 0;
  const fx = {
    code: (prefix: string) => {
      sequence += 1;
      return `${prefix}-${String(sequence)}`;
    },
    create: (body: Record<string, unknown>) => makeCategory(fx.t, { ...body, as: fx.admin }),
    get: (actor: TestActor | null, url: string) =>
      inject(fx.t, actor, { method: 'GET', url: `/api/v2${url}` }),
    list: async (actor: TestActor | null, query: string): Promise<Category[]> => {
      const response = await fx.get(actor, `/categories${query}`);
      assert.equal(response.statusCode, 200, response.body);
      return response.json() as Category[];
    },
    roleIDOf: (type: RoleType) => roleIDOf(fx.t, type),
  } as CategoriesFixture;

  before(async () => {
    fx.t = await createTestApp();
    fx.admin = await asAdmin(fx.t);
    fx.member = await asMember(fx.t);
    fx.moderator = await asModerator(fx.t);
    fx.guest = await asGuest(fx.t);
    fx.memberRoleID = await fx.roleIDOf('member');
    fx.guestRoleID = await fx.roleIDOf('guest');
    fx.a = await fx.create({ name: 'Alpha', urlcode: 'alpha', description: 'First.' });
    fx.b = await fx.create({ name: 'Beta', urlcode: 'beta', parentCategoryID: fx.a.categoryID });
    fx.c = await fx.create({ name: 'Gamma', urlcode: 'gamma', parentCategoryID: fx.b.categoryID });
    fx.restricted = await makeHiddenCategory(fx.t, {
      as: fx.admin,
      name: 'Staff Room',
      urlcode: 'staff-room',
    });
    fx.restrictedChild = await fx.create({
      name: 'Staff Archive',
      urlcode: 'staff-archive',
      parentCategoryID: fx.restricted.categoryID,
    });
  });
  after(async () => {
    await fx.t.close();
  });
  return fx;
}
