import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { testDialect, type TestApp } from '../../../test/harness.ts';
import { inject, type TestActor, type TestUser } from '../../../test/actors.ts';
import type { Category, CategoryEdit } from '../../../../common/src/api/categories.ts';
import { useCategoriesFixture, type ErrorBody } from './categories.test-support.ts';

describe(`categories API: PATCH (${testDialect})`, () => {
  const fx = useCategoriesFixture();
  const { code, create, get, list } = fx;
  let t: TestApp;
  let admin: TestActor<TestUser>;
  let member: TestActor<TestUser>;
  let moderator: TestActor<TestUser>;
  let guest: TestActor<null>;
  let memberRoleID: number;
  let a: Category;
  let c: Category;
  let restricted: Category;
  before(() => {
    ({ t, admin, member, moderator, guest, memberRoleID, a, c, restricted } = fx);
  });

  describe('PATCH /categories/{id}', () => {
    test('changes fields; 200 with the category', async () => {
      const category = await create({ name: 'Draft Name', urlcode: code('draft') });
      const response = await inject(t, admin, {
        method: 'PATCH',
        url: `/api/v2/categories/${String(category.categoryID)}`,
        payload: {
          name: 'Final Name',
          description: 'Now described.',
          displayAs: 'heading',
          isArchived: true,
          allowedDiscussionTypes: ['question'],
        },
      });
      assert.equal(response.statusCode, 200, response.body);
      const patched = response.json() as Category;
      assert.equal(patched.name, 'Final Name');
      assert.equal(patched.description, 'Now described.');
      assert.equal(patched.displayAs, 'heading');
      assert.equal(patched.isArchived, true);
      assert.deepEqual(patched.allowedDiscussionTypes, ['question']);
      assert.equal(patched.urlcode, category.urlcode);
      const bySmartID = await inject(t, admin, {
        method: 'PATCH',
        url: `/api/v2/categories/$urlcode:${category.urlcode}`,
        payload: { featured: true },
      });
      assert.equal((bySmartID.json() as Category).featured, true);
    });

    test('moving rebuilds the subtree: depth, breadcrumbs, child counts, permissions', async () => {
      const top = await create({ name: 'Mover', urlcode: code('mover') });
      const leaf = await create({
        name: 'Mover Leaf',
        urlcode: code('leaf'),
        parentCategoryID: top.categoryID,
      });
      const moved = await inject(t, admin, {
        method: 'PATCH',
        url: `/api/v2/categories/${String(top.categoryID)}`,
        payload: { parentCategoryID: c.categoryID },
      });
      assert.equal(moved.statusCode, 200, moved.body);
      assert.equal((moved.json() as Category).depth, 4);
      const leafNow = (
        await get(guest, `/categories/${String(leaf.categoryID)}`)
      ).json() as Category;
      assert.equal(leafNow.depth, 5);
      assert.deepEqual(
        leafNow.breadcrumbs?.map((crumb) => crumb.name),
        ['Home', 'Alpha', 'Beta', 'Gamma', 'Mover', 'Mover Leaf'],
      );
      assert.equal(
        ((await get(guest, `/categories/${String(c.categoryID)}`)).json() as Category)
          .countCategories,
        1,
      );
      // Under the restricted junction, the subtree inherits its permissions.
      const hidden = await inject(t, admin, {
        method: 'PATCH',
        url: `/api/v2/categories/${String(top.categoryID)}`,
        payload: { parentCategoryID: restricted.categoryID },
      });
      assert.equal(hidden.statusCode, 200);
      assert.equal(
        ((await get(guest, `/categories/${String(c.categoryID)}`)).json() as Category)
          .countCategories,
        0,
      );
      assert.equal((await get(member, `/categories/${String(leaf.categoryID)}`)).statusCode, 403);
      assert.equal((await get(member, `/categories/${String(top.categoryID)}`)).statusCode, 403);
      const back = await inject(t, admin, {
        method: 'PATCH',
        url: `/api/v2/categories/${String(top.categoryID)}`,
        payload: { parentCategoryID: -1 },
      });
      assert.equal((back.json() as Category).parentCategoryID, null);
      assert.equal((await get(member, `/categories/${String(leaf.categoryID)}`)).statusCode, 200);
    });

    test('sort orders siblings', async () => {
      const parent = await create({ name: 'Sorted', urlcode: code('sorted') });
      const first = await create({
        name: 'One',
        urlcode: code('one'),
        parentCategoryID: parent.categoryID,
      });
      const second = await create({
        name: 'Two',
        urlcode: code('two'),
        parentCategoryID: parent.categoryID,
      });
      const ids = async () =>
        (await list(guest, `?parentCategoryID=${String(parent.categoryID)}`)).map(
          (category) => category.categoryID,
        );
      assert.deepEqual(await ids(), [first.categoryID, second.categoryID]);
      await inject(t, admin, {
        method: 'PATCH',
        url: `/api/v2/categories/${String(first.categoryID)}`,
        payload: { sort: 50 },
      });
      assert.deepEqual(await ids(), [second.categoryID, first.categoryID]);
    });

    test('custom permissions on copies the defaults; off deletes the rows and the child inherits again', async () => {
      const parent = await create({ name: 'Toggle', urlcode: code('toggle') });
      const child = await create({
        name: 'Toggle Child',
        urlcode: code('toggle-child'),
        parentCategoryID: parent.categoryID,
      });
      const on = await inject(t, admin, {
        method: 'PATCH',
        url: `/api/v2/categories/${String(parent.categoryID)}`,
        payload: {
          customPermissions: true,
          permissions: [{ roleID: memberRoleID, permissions: { 'discussions.view': false } }],
        },
      });
      assert.equal(on.statusCode, 200, on.body);
      assert.equal((on.json() as Category).customPermissions, true);
      assert.equal((await get(member, `/categories/${String(child.categoryID)}`)).statusCode, 403);
      assert.equal(
        (await get(guest, `/categories/${String(child.categoryID)}`)).statusCode,
        200,
        'guests keep their copied defaults',
      );
      const rows = async () =>
        (
          await t.db
            .selectFrom('rolePermissions')
            .select('roleID')
            .where('resourceType', '=', 'category')
            .where('resourceID', '=', parent.categoryID)
            .execute()
        ).length;
      assert.ok((await rows()) > 0);
      const off = await inject(t, admin, {
        method: 'PATCH',
        url: `/api/v2/categories/${String(parent.categoryID)}`,
        payload: { customPermissions: false },
      });
      assert.equal(off.statusCode, 200);
      assert.equal(await rows(), 0);
      assert.equal((await get(member, `/categories/${String(child.categoryID)}`)).statusCode, 200);
      const edit = (
        await get(admin, `/categories/${String(parent.categoryID)}/edit`)
      ).json() as CategoryEdit;
      assert.equal(edit.permissions, undefined);
    });

    test('400 for the parent rules of the contract and a taken urlcode', async () => {
      const cases: [unknown, string][] = [
        [a.categoryID, 'A category cannot be the parent of itself.'],
        [0, 'parentCategoryID must be -1 or greater than zero.'],
        [999999, 'The new parent category could not be found.'],
        [c.categoryID, 'Cannot move a category under one of its own children.'],
      ];
      for (const [parentCategoryID, message] of cases) {
        const response = await inject(t, admin, {
          method: 'PATCH',
          url: `/api/v2/categories/${String(a.categoryID)}`,
          payload: { parentCategoryID },
        });
        assert.equal(response.statusCode, 400, message);
        assert.deepEqual(response.json(), { message, status: 400 });
      }
      const taken = await inject(t, admin, {
        method: 'PATCH',
        url: `/api/v2/categories/${String(a.categoryID)}`,
        payload: { urlcode: 'Beta' },
      });
      assert.equal(taken.statusCode, 400);
      assert.equal((taken.json() as ErrorBody).errors?.[0]?.field, 'urlcode');
      const same = await inject(t, admin, {
        method: 'PATCH',
        url: `/api/v2/categories/${String(a.categoryID)}`,
        payload: { urlcode: 'alpha' },
      });
      assert.equal(same.statusCode, 200, 'its own urlcode is not taken');
      const invalid = await inject(t, admin, {
        method: 'PATCH',
        url: `/api/v2/categories/${String(a.categoryID)}`,
        payload: { name: '' },
      });
      assert.equal(invalid.statusCode, 400);
      const wrongType = await inject(t, admin, {
        method: 'PATCH',
        url: `/api/v2/categories/${String(a.categoryID)}`,
        payload: { sort: 'first' },
      });
      assert.equal(wrongType.statusCode, 422);
    });

    test('403 for guests, members and moderators; 404 for an unknown category', async () => {
      for (const actor of [guest, member, moderator]) {
        const response = await inject(t, actor, {
          method: 'PATCH',
          url: `/api/v2/categories/${String(a.categoryID)}`,
          payload: { name: 'Hijacked' },
        });
        assert.equal(response.statusCode, 403);
      }
      assert.equal(
        ((await get(guest, `/categories/${String(a.categoryID)}`)).json() as Category).name,
        'Alpha',
      );
      const unknown = await inject(t, admin, {
        method: 'PATCH',
        url: '/api/v2/categories/999999',
        payload: { name: 'X' },
      });
      assert.equal(unknown.statusCode, 404);
    });
  });
});
