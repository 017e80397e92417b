import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { testDialect, type TestApp } from '../../../test/harness.ts';
import { inject, type TestActor, type TestUser } from '../../../test/actors.ts';
import type { Category, CategoryEdit } from '../../../../common/src/api/categories.ts';
import type { Role } from '../../../../common/src/api/roles.ts';
import { forbidden, useCategoriesFixture, type ErrorBody } from './categories.test-support.ts';

describe(`categories API: create and the edit form (${testDialect})`, () => {
  const fx = useCategoriesFixture();
  const { code, create, get, list } = fx;
  let t: TestApp;
  let admin: TestActor<TestUser>;
  let member: TestActor<TestUser>;
  let moderator: TestActor<TestUser>;
  let guest: TestActor<null>;
  let memberRoleID: number;
  let a: Category;
  let restricted: Category;
  before(() => {
    ({ t, admin, member, moderator, guest, memberRoleID, a, restricted } = fx);
  });

  describe('POST /categories', () => {
    test('201 with every field of the category object', async () => {
      const category = await create({
        name: 'Ideas',
        urlcode: code('ideas'),
        description: 'Share them.',
        displayAs: 'Discussions',
        featured: true,
        iconUrl: 'https://cdn.example.test/i.png',
        allowedDiscussionTypes: ['Idea', 'discussion'],
        parentCategoryID: -1,
      });
      assert.equal(category.parentCategoryID, null);
      assert.equal(category.displayAs, 'discussions');
      assert.equal(category.featured, true);
      assert.equal(category.iconUrl, 'https://cdn.example.test/i.png');
      assert.equal(category.bannerUrl, null);
      assert.deepEqual(category.allowedDiscussionTypes, ['idea', 'discussion']);
      assert.equal(category.customPermissions, false);
      assert.equal(category.countCategories, 0);
      assert.equal(category.countAllDiscussions, 0);
      assert.match(category.dateInserted, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/);
      assert.equal(category.breadcrumbs?.length, 2);
      const read = (
        await get(guest, `/categories/${String(category.categoryID)}`)
      ).json() as Category;
      assert.deepEqual(read, category);
    });

    test('validation: required fields, types and the contract’s messages', async () => {
      const missing = await inject(t, admin, {
        method: 'POST',
        url: '/api/v2/categories',
        payload: { urlcode: code('x') },
      });
      assert.equal(missing.statusCode, 400);
      assert.deepEqual((missing.json() as ErrorBody).errors?.[0], {
        field: 'name',
        code: 'missingField',
        message: 'name is required.',
        status: 400,
      });
      const bad = await inject(t, admin, {
        method: 'POST',
        url: '/api/v2/categories',
        payload: {
          name: 'X',
          urlcode: 'with space',
          displayAs: 'grid',
          allowedDiscussionTypes: ['discussion', 'rant'],
        },
      });
      assert.equal(bad.statusCode, 422);
      const byField = Object.fromEntries(
        ((bad.json() as ErrorBody).errors ?? []).map((error) => [error.field, error.message]),
      );
      assert.equal(
        byField.urlcode,
        'urlcode can only contain letters, numbers, underscores and dashes.',
      );
      assert.equal(
        byField.displayAs,
        'displayAs must be one of: categories, discussions, flat, heading.',
      );
      assert.equal(
        byField.allowedDiscussionTypes,
        'allowedDiscussionTypes can only contain the following values: discussion, question, idea, poll',
      );
      const empty = await inject(t, admin, {
        method: 'POST',
        url: '/api/v2/categories',
        payload: { name: 'X', urlcode: code('x'), allowedDiscussionTypes: [] },
      });
      assert.equal(empty.statusCode, 422);
      const numeric = await inject(t, admin, {
        method: 'POST',
        url: '/api/v2/categories',
        payload: { name: 'X', urlcode: '123' },
      });
      assert.equal(
        (numeric.json() as ErrorBody).errors?.[0]?.message,
        'urlcode cannot be only numbers.',
      );
    });

    test('a taken urlcode (any case) is a 400 validation error', async () => {
      const response = await inject(t, admin, {
        method: 'POST',
        url: '/api/v2/categories',
        payload: { name: 'Again', urlcode: 'ALPHA' },
      });
      assert.equal(response.statusCode, 400);
      assert.deepEqual((response.json() as ErrorBody).errors, [
        {
          field: 'urlcode',
          code: 'invalid',
          message: 'The specified url code is already in use by another category.',
          status: 400,
        },
      ]);
    });

    test('400 for a bad parent', async () => {
      for (const [parentCategoryID, message] of [
        [0, 'parentCategoryID must be -1 or greater than zero.'],
        [999999, 'The new parent category could not be found.'],
      ] as const) {
        const response = await inject(t, admin, {
          method: 'POST',
          url: '/api/v2/categories',
          payload: { name: 'X', urlcode: code('x'), parentCategoryID },
        });
        assert.equal(response.statusCode, 400);
        assert.deepEqual(response.json(), { message, status: 400 });
      }
    });

    test('custom permissions: every role starts from its defaults, entries apply on top', async () => {
      const junction = await create({
        name: 'Announcements',
        urlcode: code('ann'),
        customPermissions: true,
        permissions: [
          {
            roleID: memberRoleID,
            permissions: { 'discussions.add': false, 'site.manage': true, 'no.such': true },
          },
        ],
      });
      const memberRole = (
        await get(admin, `/roles/${String(memberRoleID)}?expand=permissions`)
      ).json() as Role;
      const entry = memberRole.permissions?.find(
        (item) => item.type === 'category' && item.id === junction.categoryID,
      );
      assert.ok(entry, 'the roles API shows the junction');
      assert.equal(entry.permissions['discussions.view'], true);
      assert.equal(entry.permissions['discussions.add'], false);
      assert.equal(entry.permissions['comments.add'], true);
      const [asMemberView] = await list(
        member,
        `?categoryID=${String(junction.categoryID)}&expand=permissions`,
      );
      assert.equal(asMemberView?.permissions?.['discussions.add'], false);
      assert.equal(asMemberView?.permissions?.['comments.add'], true);
    });

    test('permissions need custom permissions; unknown roles are refused', async () => {
      const withoutCustom = await inject(t, admin, {
        method: 'POST',
        url: '/api/v2/categories',
        payload: {
          name: 'X',
          urlcode: code('x'),
          permissions: [{ roleID: memberRoleID, permissions: {} }],
        },
      });
      assert.equal(withoutCustom.statusCode, 422);
      assert.equal((withoutCustom.json() as ErrorBody).errors?.[0]?.field, 'permissions');
      const unknownRole = await inject(t, admin, {
        method: 'POST',
        url: '/api/v2/categories',
        payload: {
          name: 'X',
          urlcode: code('x'),
          customPermissions: true,
          permissions: [{ roleID: 999999, permissions: {} }],
        },
      });
      assert.equal(unknownRole.statusCode, 422);
      assert.equal((unknownRole.json() as ErrorBody).errors?.[0]?.field, 'permissions.0.roleID');
    });

    test('403 for guests, members and moderators', async () => {
      for (const actor of [guest, member, moderator]) {
        const response = await inject(t, actor, {
          method: 'POST',
          url: '/api/v2/categories',
          payload: { name: 'X', urlcode: code('x') },
        });
        assert.equal(response.statusCode, 403);
        assert.deepEqual(response.json(), forbidden('site.manage'));
      }
    });
  });

  describe('GET /categories/{id}/edit', () => {
    test('site.manage: the editable fields and, for a junction, every role’s permissions', async () => {
      const response = await inject(t, admin, {
        method: 'GET',
        url: `/api/v2/categories/${String(restricted.categoryID)}/edit`,
      });
      assert.equal(response.statusCode, 200);
      const edit = response.json() as CategoryEdit;
      assert.equal(edit.urlcode, 'staff-room');
      assert.equal(edit.customPermissions, true);
      const memberEntry = edit.permissions?.find((entry) => entry.roleID === memberRoleID);
      assert.equal(memberEntry?.permissions['discussions.view'], false);
      assert.equal(memberEntry?.permissions['comments.add'], true);
      const plain = (
        await get(admin, `/categories/${String(a.categoryID)}/edit`)
      ).json() as CategoryEdit;
      assert.deepEqual(Object.keys(plain).sort(), [
        'allowedDiscussionTypes',
        'bannerUrl',
        'categoryID',
        'customPermissions',
        'description',
        'displayAs',
        'featured',
        'iconUrl',
        'isArchived',
        'name',
        'parentCategoryID',
        'sort',
        'urlcode',
      ]);
    });

    test('403 for members and moderators, 404 for an unknown category', async () => {
      for (const actor of [member, moderator, guest]) {
        assert.equal(
          (await get(actor, `/categories/${String(a.categoryID)}/edit`)).statusCode,
          403,
        );
      }
      assert.equal((await get(admin, '/categories/999999/edit')).statusCode, 404);
    });
  });
});
