import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, testDialect, type TestApp } from '../../../test/harness.ts';
import { inject, asAdmin, type TestActor, type TestUser } from '../../../test/actors.ts';
import type { Category } from '../../../../common/src/api/categories.ts';
import type { PermissionSet } from '../../../../common/src/permissions/types.ts';
import { forbidden, useCategoriesFixture, type ErrorBody } from './categories.test-support.ts';

describe(`categories API: DELETE (${testDialect})`, () => {
  const fx = useCategoriesFixture();
  const { code, create, get } = fx;
  let t: TestApp;
  let admin: TestActor<TestUser>;
  let member: TestActor<TestUser>;
  let moderator: TestActor<TestUser>;
  let guest: TestActor<null>;
  let a: Category;
  let c: Category;
  before(() => {
    ({ t, admin, member, moderator, guest, a, c } = fx);
  });

  describe('DELETE /categories/{id}', () => {
    test('204, then gone; its follows and permission rows go too', async () => {
      const junction = await create({
        name: 'Doomed',
        urlcode: code('doomed'),
        customPermissions: true,
      });
      await inject(t, member, {
        method: 'PUT',
        url: `/api/v2/categories/${String(junction.categoryID)}/follow`,
        payload: { followed: true },
      });
      const response = await inject(t, admin, {
        method: 'DELETE',
        url: `/api/v2/categories/${String(junction.categoryID)}`,
      });
      assert.equal(response.statusCode, 204);
      assert.equal(response.body, '');
      assert.equal(
        (await get(admin, `/categories/${String(junction.categoryID)}`)).statusCode,
        404,
      );
      const rows = await t.db
        .selectFrom('rolePermissions')
        .select('roleID')
        .where('resourceType', '=', 'category')
        .where('resourceID', '=', junction.categoryID)
        .execute();
      assert.deepEqual(rows, []);
      const set = (
        await get(member, '/users/$me/permissions?expand=junctions')
      ).json() as PermissionSet;
      assert.ok(!set.junctions?.category?.includes(junction.categoryID));
    });

    test('a child’s deletion updates its parent; newCategoryID must name another existing category', async () => {
      const parent = await create({ name: 'Holder', urlcode: code('holder') });
      const child = await create({
        name: 'Held',
        urlcode: code('held'),
        parentCategoryID: parent.categoryID,
      });
      const self = await inject(t, admin, {
        method: 'DELETE',
        url: `/api/v2/categories/${String(child.categoryID)}?newCategoryID=${String(child.categoryID)}`,
      });
      assert.equal(self.statusCode, 400);
      assert.equal((self.json() as ErrorBody).errors?.[0]?.field, 'newCategoryID');
      const missing = await inject(t, admin, {
        method: 'DELETE',
        url: `/api/v2/categories/${String(child.categoryID)}?newCategoryID=999999`,
      });
      assert.equal(missing.statusCode, 400);
      const moved = await inject(t, admin, {
        method: 'DELETE',
        url: `/api/v2/categories/${String(child.categoryID)}?newCategoryID=${String(parent.categoryID)}`,
      });
      assert.equal(moved.statusCode, 204);
      assert.equal(
        ((await get(guest, `/categories/${String(parent.categoryID)}`)).json() as Category)
          .countCategories,
        0,
      );
    });

    test('409 with children, 403 per role, 404 unknown', async () => {
      const response = await inject(t, admin, {
        method: 'DELETE',
        url: `/api/v2/categories/${String(a.categoryID)}`,
      });
      assert.equal(response.statusCode, 409);
      assert.deepEqual(response.json(), {
        message: 'Cannot delete categories with children.',
        status: 409,
      });
      for (const actor of [guest, member, moderator]) {
        const refused = await inject(t, actor, {
          method: 'DELETE',
          url: `/api/v2/categories/${String(c.categoryID)}`,
        });
        assert.equal(refused.statusCode, 403);
        assert.deepEqual(refused.json(), forbidden('site.manage'));
      }
      assert.equal(
        (await inject(t, admin, { method: 'DELETE', url: '/api/v2/categories/999999' })).statusCode,
        404,
      );
      assert.equal(
        (
          await inject(t, admin, {
            method: 'DELETE',
            url: `/api/v2/categories/${String(c.categoryID)}?newCategoryID=x`,
          })
        ).statusCode,
        422,
      );
    });
  });
});

describe(`categories API: the last category (${testDialect})`, () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(async () => {
    await t.close();
  });

  test('the last remaining category cannot be deleted', async () => {
    const admin = await asAdmin(t);
    const [general] = (await (
      await inject(t, admin, { method: 'GET', url: '/api/v2/categories?outputFormat=flat' })
    ).json()) as Category[];
    assert.ok(general);
    const response = await inject(t, admin, {
      method: 'DELETE',
      url: `/api/v2/categories/${String(general.categoryID)}`,
    });
    assert.equal(response.statusCode, 400);
    assert.deepEqual(response.json(), {
      message: 'The specified category cannot be deleted.',
      status: 400,
    });
  });
});
