import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, testDialect, type TestApp } from '../../../test/harness.ts';
import {
  asAdmin,
  asGuest,
  asMember,
  asModerator,
  inject,
  type TestActor,
  type TestUser,
} from '../../../test/actors.ts';
import type {
  Category,
  CategoryEdit,
  CategoryPreferences,
  CategoryTreeNode,
  FollowedCategoryPreferences,
} from '../../../../common/src/api/categories.ts';
import type { PermissionSet } from '../../../../common/src/permissions/types.ts';
import type { Role } from '../../../../common/src/api/roles.ts';

interface ErrorBody {
  message: string;
  status: number;
  description?: string;
  permissions?: string[];
  errors?: { field: string; code: string; message: string; status: number }[];
}

const forbidden = (permission: string) => ({
  message: 'Permission Problem',
  status: 403,
  description: `You need the ${permission} permission to do that.`,
  permissions: [permission],
});

describe(`categories API (${testDialect})`, () => {
  let t: TestApp;
  let admin: TestActor<TestUser>;
  let member: TestActor<TestUser>;
  let moderator: TestActor<TestUser>;
  let guest: TestActor<null>;
  let memberRoleID: number;
  let guestRoleID: number;
  // A > B > C (depth 1..3), and a restricted junction R with an inheriting child RC.
  let a: Category;
  let b: Category;
  let c: Category;
  let restricted: Category;
  let restrictedChild: Category;
  let sequence = 0;

  const code = (prefix: string) => {
    sequence += 1;
    return `${prefix}-${String(sequence)}`;
  };

  const create = async (body: Record<string, unknown>): Promise<Category> => {
    const response = await inject(t, admin, {
      method: 'POST',
      url: '/api/v2/categories',
      payload: body,
    });
    assert.equal(response.statusCode, 201, response.body);
    return response.json() as Category;
  };

  const get = (actor: TestActor | null, url: string) =>
    inject(t, actor, { method: 'GET', url: `/api/v2${url}` });

  const list = async (actor: TestActor | null, query: string): Promise<Category[]> => {
    const response = await get(actor, `/categories${query}`);
    assert.equal(response.statusCode, 200, response.body);
    return response.json() as Category[];
  };

  const flatIDs = (nodes: readonly (Category | CategoryTreeNode)[]): number[] =>
    nodes.flatMap((node) => [
      node.categoryID,
      ...('children' in node ? flatIDs(node.children) : []),
    ]);

  const roleIDOf = async (type: string): Promise<number> =>
    (
      await t.db
        .selectFrom('roles')
        .select('roleID')
        .where('type', '=', type)
        .executeTakeFirstOrThrow()
    ).roleID;

  before(async () => {
    t = await createTestApp();
    admin = await asAdmin(t);
    member = await asMember(t);
    moderator = await asModerator(t);
    guest = await asGuest(t);
    memberRoleID = await roleIDOf('member');
    guestRoleID = await roleIDOf('guest');
    a = await create({ name: 'Alpha', urlcode: 'alpha', description: 'First.' });
    b = await create({ name: 'Beta', urlcode: 'beta', parentCategoryID: a.categoryID });
    c = await create({ name: 'Gamma', urlcode: 'gamma', parentCategoryID: b.categoryID });
    restricted = await create({
      name: 'Staff Room',
      urlcode: 'staff-room',
      customPermissions: true,
      permissions: [
        { roleID: memberRoleID, permissions: { 'discussions.view': false } },
        { roleID: guestRoleID, permissions: { 'discussions.view': false } },
      ],
    });
    restrictedChild = await create({
      name: 'Staff Archive',
      urlcode: 'staff-archive',
      parentCategoryID: restricted.categoryID,
    });
  });
  after(async () => {
    await t.close();
  });

  describe('GET /categories', () => {
    test('tree by default: nested children down to depth 2, breadcrumbs, no paging headers', async () => {
      const response = await get(guest, '/categories');
      assert.equal(response.statusCode, 200);
      assert.equal(response.headers['x-app-page-current'], undefined);
      const tree = response.json() as CategoryTreeNode[];
      const alpha = tree.find((node) => node.categoryID === a.categoryID);
      assert.ok(alpha);
      assert.deepEqual(
        alpha.children.map((child) => child.categoryID),
        [b.categoryID],
      );
      assert.deepEqual(alpha.children[0]?.children, [], 'Gamma is at depth 3, beyond maxDepth 2');
      assert.equal(alpha.countCategories, 1);
      assert.equal(alpha.depth, 1);
      assert.equal(alpha.children[0]?.depth, 2);
      assert.deepEqual(alpha.children[0]?.breadcrumbs, [
        { name: 'Home', url: 'http://hearth.test/' },
        { name: 'Alpha', url: 'http://hearth.test/categories/alpha' },
        { name: 'Beta', url: 'http://hearth.test/categories/beta' },
      ]);
      assert.equal(alpha.url, 'http://hearth.test/categories/alpha');
      assert.equal(alpha.followed, false);
      assert.deepEqual(alpha.allowedDiscussionTypes, ['discussion', 'question', 'idea', 'poll']);
      const general = tree.find((node) => node.urlcode === 'general');
      assert.ok(general, 'the installed category is listed');
      assert.equal(general.depth, 1);
    });

    test('maxDepth, parentCategoryID and parentCategoryCode are relative to the parent', async () => {
      assert.ok(flatIDs(await list(guest, '?maxDepth=3')).includes(c.categoryID));
      const underAlpha = (await list(
        guest,
        `?parentCategoryID=${String(a.categoryID)}`,
      )) as CategoryTreeNode[];
      assert.deepEqual(
        underAlpha.map((node) => node.categoryID),
        [b.categoryID],
      );
      assert.deepEqual(
        underAlpha[0]?.children.map((node) => node.categoryID),
        [c.categoryID],
      );
      const byCode = (await list(
        guest,
        '?parentCategoryCode=alpha&maxDepth=1',
      )) as CategoryTreeNode[];
      assert.deepEqual(flatIDs(byCode), [b.categoryID]);
      const withParent = (await list(
        guest,
        `?parentCategoryID=${String(a.categoryID)}&includeParentCategory=true`,
      )) as CategoryTreeNode[];
      assert.deepEqual(
        withParent.map((node) => node.categoryID),
        [a.categoryID],
      );
      assert.deepEqual(flatIDs(withParent), [a.categoryID, b.categoryID, c.categoryID]);
    });

    test('flat with a numbered pager when page or limit is given; tree order, then sort', async () => {
      const first = await get(guest, '/categories?limit=2');
      assert.equal(first.statusCode, 200);
      const firstPage = first.json() as Category[];
      assert.equal(firstPage.length, 2);
      assert.ok(firstPage.every((category) => !('children' in category)));
      const total = Number(first.headers['x-app-page-result-count']);
      assert.ok(total >= 4);
      assert.equal(first.headers['x-app-page-current'], '1');
      assert.equal(first.headers['x-app-page-limit'], '2');
      assert.equal(
        first.headers['x-app-page-next-url'],
        'http://hearth.test/api/v2/categories?limit=2&page=2',
      );
      assert.match(
        String(first.headers['x-app-page-last-url']),
        new RegExp(`page=${String(Math.ceil(total / 2))}$`),
      );
      const all = await list(guest, '?outputFormat=flat&limit=500');
      assert.equal(all.length, total);
      const alphaIndex = all.findIndex((category) => category.categoryID === a.categoryID);
      assert.deepEqual(
        all.slice(alphaIndex, alphaIndex + 3).map((category) => category.categoryID),
        [a.categoryID, b.categoryID, c.categoryID],
        'flat lists keep tree order',
      );
      const second = await get(guest, '/categories?limit=2&page=2');
      assert.equal(
        second.headers['x-app-page-prev-url'],
        'http://hearth.test/api/v2/categories?limit=2&page=1',
      );
      const byName = await list(guest, '?outputFormat=flat&sort=name');
      const names = byName.map((category) => category.name.toLowerCase());
      assert.deepEqual(names, [...names].sort());
      const byIDDesc = await list(guest, '?outputFormat=flat&sort=-categoryID');
      const ids = byIDDesc.map((category) => category.categoryID);
      assert.deepEqual(
        ids,
        [...ids].sort((x, y) => y - x),
      );
    });

    test('categoryID range expressions', async () => {
      assert.deepEqual(
        (await list(guest, `?categoryID=${String(a.categoryID)},${String(c.categoryID)}`)).map(
          (category) => category.categoryID,
        ),
        [a.categoryID, c.categoryID],
      );
      assert.deepEqual(
        (await list(guest, `?categoryID=${String(a.categoryID)}..${String(b.categoryID)}`)).map(
          (category) => category.categoryID,
        ),
        [a.categoryID, b.categoryID],
      );
      assert.deepEqual(
        (await list(guest, `?categoryID[]=${String(b.categoryID)}`)).map(
          (category) => category.categoryID,
        ),
        [b.categoryID],
      );
    });

    test('a parent displayed as flat lists flat; layoutViewType filters by display type', async () => {
      const flatParent = await create({
        name: 'Flat Parent',
        urlcode: code('flat'),
        displayAs: 'flat',
      });
      const heading = await create({
        name: 'Heading Child',
        urlcode: code('heading'),
        displayAs: 'heading',
        parentCategoryID: flatParent.categoryID,
      });
      const response = await get(
        guest,
        `/categories?parentCategoryID=${String(flatParent.categoryID)}`,
      );
      assert.ok(response.headers['x-app-page-result-count'] !== undefined, 'flat: numbered pager');
      assert.deepEqual(
        (response.json() as Category[]).map((category) => category.categoryID),
        [heading.categoryID],
      );
      const nonHeading = await list(
        guest,
        `?parentCategoryID=${String(flatParent.categoryID)}&layoutViewType=categoryList`,
      );
      assert.deepEqual(nonHeading, []);
    });

    test('archived and featured filters', async () => {
      const archived = await create({ name: 'Old Times', urlcode: code('old'), isArchived: true });
      const featured = await create({ name: 'Spotlight', urlcode: code('spot'), featured: true });
      assert.ok(!flatIDs(await list(guest, '?archived=false')).includes(archived.categoryID));
      assert.deepEqual(flatIDs(await list(guest, '?archived=true')), [archived.categoryID]);
      assert.ok(flatIDs(await list(guest, '')).includes(archived.categoryID));
      assert.deepEqual(flatIDs(await list(guest, '?featured=true')), [featured.categoryID]);
    });

    test('a restricted category vanishes for members and guests, its child inherits; admins and moderators see both', async () => {
      for (const actor of [member, guest]) {
        const ids = flatIDs(await list(actor, '?maxDepth=5'));
        assert.ok(!ids.includes(restricted.categoryID));
        assert.ok(!ids.includes(restrictedChild.categoryID));
        assert.ok(ids.includes(a.categoryID));
        const flat = await list(actor, '?outputFormat=flat&limit=500');
        assert.ok(
          !flat.some(
            (category) =>
              category.categoryID === restricted.categoryID ||
              category.categoryID === restrictedChild.categoryID,
          ),
        );
      }
      for (const actor of [admin, moderator]) {
        const tree = (await list(actor, '')) as CategoryTreeNode[];
        const room = tree.find((node) => node.categoryID === restricted.categoryID);
        assert.ok(room);
        assert.equal(room.customPermissions, true);
        assert.deepEqual(
          room.children.map((child) => child.categoryID),
          [restrictedChild.categoryID],
        );
      }
      const set = (
        await get(member, '/users/$me/permissions?expand=junctions')
      ).json() as PermissionSet;
      assert.ok(set.junctions?.category?.includes(restricted.categoryID));
      assert.equal(
        set.junctionAliases?.category?.[String(restrictedChild.categoryID)],
        restricted.categoryID,
      );
    });

    test('expand=permissions is computed with has() for the viewer; lastPost is null without posts', async () => {
      const [alpha] = await list(
        member,
        `?categoryID=${String(a.categoryID)}&expand=permissions,lastPost`,
      );
      assert.ok(alpha?.permissions);
      assert.equal(alpha.permissions['discussions.view'], true);
      assert.equal(alpha.permissions['discussions.add'], true);
      assert.equal(alpha.permissions['discussions.edit'], false);
      assert.equal(alpha.lastPost, null);
      const [asModeratorView] = await list(
        moderator,
        `?categoryID=${String(a.categoryID)}&expand=all`,
      );
      assert.equal(asModeratorView?.permissions?.['discussions.edit'], true);
      assert.ok(asModeratorView?.preferences);
    });

    test('422 for bad parameters, 404 for an unknown parent', async () => {
      for (const query of [
        '?limit=501',
        '?page=101',
        '?categoryID=1&parentCategoryID=2',
        '?categoryID=abc',
        '?sort=dateInserted',
        '?followed=true&followedUserID=1',
      ]) {
        const response = await get(guest, `/categories${query}`);
        assert.equal(response.statusCode, 422, query);
        assert.equal((response.json() as ErrorBody).message, 'Validation Failed');
      }
      const unknown = await get(guest, '/categories?parentCategoryID=999999');
      assert.equal(unknown.statusCode, 404);
      assert.deepEqual(unknown.json(), { message: 'Category not found.', status: 404 });
      assert.equal((await get(guest, '/categories?parentCategoryCode=nope')).statusCode, 404);
    });
  });

  describe('GET /categories/{id}', () => {
    test('by ID, $urlcode: and $name:, with breadcrumbs', async () => {
      const response = await get(guest, `/categories/${String(c.categoryID)}`);
      assert.equal(response.statusCode, 200);
      const gamma = response.json() as Category;
      assert.equal(gamma.parentCategoryID, b.categoryID);
      assert.equal(gamma.depth, 3);
      assert.deepEqual(
        gamma.breadcrumbs?.map((crumb) => crumb.name),
        ['Home', 'Alpha', 'Beta', 'Gamma'],
      );
      assert.equal('lastPost' in gamma, false);
      assert.equal(
        ((await get(guest, '/categories/$urlcode:GAMMA')).json() as Category).categoryID,
        c.categoryID,
      );
      assert.equal(
        ((await get(guest, '/categories/$name:gamma')).json() as Category).categoryID,
        c.categoryID,
      );
      const expanded = (
        await get(member, `/categories/${String(c.categoryID)}?expand=lastPost,permissions`)
      ).json() as Category;
      assert.equal(expanded.lastPost, null);
      assert.equal(expanded.permissions?.['comments.add'], true);
    });

    test('403 when the viewer may not view it (the child too); admins may', async () => {
      for (const actor of [member, guest]) {
        for (const category of [restricted, restrictedChild]) {
          const response = await get(actor, `/categories/${String(category.categoryID)}`);
          assert.equal(response.statusCode, 403);
          assert.deepEqual(response.json(), forbidden('discussions.view'));
        }
      }
      assert.equal(
        (await get(admin, `/categories/${String(restrictedChild.categoryID)}`)).statusCode,
        200,
      );
      assert.equal(
        (await get(moderator, `/categories/${String(restricted.categoryID)}`)).statusCode,
        200,
      );
    });

    test('404 for unknown IDs and smart IDs; 409 for an ambiguous name; 422 for a malformed ID', async () => {
      const unknown = await get(guest, '/categories/999999');
      assert.deepEqual(unknown.json(), { message: 'Category not found.', status: 404 });
      assert.equal(unknown.statusCode, 404);
      const smart = await get(guest, '/categories/$urlcode:nothing-here');
      assert.equal(smart.statusCode, 404);
      assert.equal((smart.json() as ErrorBody).message, 'Smart ID not found.');
      await create({ name: 'Twin', urlcode: code('twin') });
      await create({ name: 'Twin', urlcode: code('twin') });
      assert.equal((await get(guest, '/categories/$name:Twin')).statusCode, 409);
      assert.equal((await get(guest, '/categories/abc')).statusCode, 422);
    });
  });

  describe('GET /categories/search', () => {
    test('name contains the query (case-insensitive), only visible categories, more pager', async () => {
      const response = await get(guest, '/categories/search?query=STAFF&limit=50');
      assert.equal(response.statusCode, 200);
      assert.deepEqual(response.json(), [], 'restricted categories never appear');
      const asAdminView = (
        await get(admin, '/categories/search?query=staff&expand=breadcrumbs,parent')
      ).json() as Category[];
      assert.deepEqual(
        asAdminView.map((category) => category.categoryID).sort(),
        [restricted.categoryID, restrictedChild.categoryID].sort(),
      );
      const child = asAdminView.find(
        (category) => category.categoryID === restrictedChild.categoryID,
      );
      assert.deepEqual(child?.parent, {
        categoryID: restricted.categoryID,
        name: 'Staff Room',
        urlcode: 'staff-room',
        url: 'http://hearth.test/categories/staff-room',
      });
      assert.deepEqual(
        child?.breadcrumbs?.map((crumb) => crumb.name),
        ['Home', 'Staff Room', 'Staff Archive'],
      );
      assert.equal(
        asAdminView.find((category) => category.categoryID === restricted.categoryID)?.parent,
        null,
      );
      const paged = await get(guest, '/categories/search?query=&limit=1');
      assert.equal((paged.json() as Category[]).length, 1);
      assert.equal(
        paged.headers['x-app-page-next-url'],
        'http://hearth.test/api/v2/categories/search?query=&limit=1&page=2',
      );
      assert.equal(paged.headers['x-app-page-result-count'], undefined);
      const plain = (await get(guest, '/categories/search?query=gam')).json() as Category[];
      assert.deepEqual(
        plain.map((category) => category.categoryID),
        [c.categoryID],
      );
      assert.equal('breadcrumbs' in (plain[0] ?? {}), false);
    });

    test('parentCategoryID limits to the subtree; displayAs filters', async () => {
      const underAlpha = (
        await get(guest, `/categories/search?query=&parentCategoryID=${String(a.categoryID)}`)
      ).json() as Category[];
      assert.deepEqual(
        underAlpha.map((category) => category.categoryID).sort(),
        [b.categoryID, c.categoryID].sort(),
      );
      const headings = (
        await get(guest, '/categories/search?query=&displayAs=Heading')
      ).json() as Category[];
      assert.ok(
        headings.length > 0 && headings.every((category) => category.displayAs === 'heading'),
      );
      const wildcard = (await get(guest, '/categories/search?query=%25')).json() as Category[];
      assert.deepEqual(wildcard, [], 'LIKE wildcards are matched literally');
    });

    test('400 without query, 422 for limit above 100, 404 for an unknown parent', async () => {
      const missing = await get(guest, '/categories/search');
      assert.equal(missing.statusCode, 400);
      assert.equal((missing.json() as ErrorBody).errors?.[0]?.message, 'query is required.');
      assert.equal((await get(guest, '/categories/search?query=a&limit=101')).statusCode, 422);
      assert.equal(
        (await get(guest, '/categories/search?query=a&parentCategoryID=999999')).statusCode,
        404,
      );
    });
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

  describe('follow and preferences', () => {
    test('PUT /categories/{id}/follow: follow with default preferences, unfollow turns everything off', async () => {
      const category = await create({ name: 'Followable', urlcode: code('follow') });
      const url = `/api/v2/categories/${String(category.categoryID)}/follow`;
      const followed = await inject(t, member, { method: 'PUT', url, payload: { followed: true } });
      assert.equal(followed.statusCode, 200, followed.body);
      assert.deepEqual(followed.json(), { followed: true });
      const read = (
        await get(member, `/categories/${String(category.categoryID)}`)
      ).json() as Category;
      assert.equal(read.followed, true);
      assert.equal(read.countFollowers, 1);
      assert.ok(read.dateFollowed);
      const preferences = (
        await get(member, `/categories/${String(category.categoryID)}/preferences/$me`)
      ).json() as CategoryPreferences;
      assert.deepEqual(preferences, {
        'preferences.followed': true,
        'preferences.popup.posts': true,
        'preferences.email.posts': false,
        'preferences.popup.comments': false,
        'preferences.email.comments': false,
      });
      const again = await inject(t, member, { method: 'PUT', url, payload: { followed: true } });
      assert.equal(again.statusCode, 200);
      assert.deepEqual(
        (await list(member, '?followed=true')).map((item) => item.categoryID),
        [category.categoryID],
      );
      const unfollowed = await inject(t, member, {
        method: 'PUT',
        url,
        payload: { followed: false },
      });
      assert.deepEqual(unfollowed.json(), { followed: false });
      const after = (
        await get(member, `/categories/${String(category.categoryID)}`)
      ).json() as Category;
      assert.equal(after.followed, false);
      assert.equal(after.countFollowers, 0);
      assert.equal(after.dateFollowed, undefined);
      const cleared = (
        await get(
          member,
          `/categories/${String(category.categoryID)}/preferences/${String(member.user.userID)}`,
        )
      ).json() as CategoryPreferences;
      assert.ok(Object.values(cleared).every((value) => value === false));
    });

    test('follow: 403 for guests and for a category the member may not view; 404; 422', async () => {
      const guestResponse = await inject(t, guest, {
        method: 'PUT',
        url: `/api/v2/categories/${String(a.categoryID)}/follow`,
        payload: { followed: true },
      });
      assert.equal(guestResponse.statusCode, 403);
      assert.deepEqual(guestResponse.json(), forbidden('session.valid'));
      const hidden = await inject(t, member, {
        method: 'PUT',
        url: `/api/v2/categories/${String(restricted.categoryID)}/follow`,
        payload: { followed: true },
      });
      assert.equal(hidden.statusCode, 403);
      assert.deepEqual(hidden.json(), forbidden('discussions.view'));
      assert.equal(
        (
          await inject(t, member, {
            method: 'PUT',
            url: '/api/v2/categories/999999/follow',
            payload: { followed: true },
          })
        ).statusCode,
        404,
      );
      assert.equal(
        (
          await inject(t, member, {
            method: 'PUT',
            url: `/api/v2/categories/${String(a.categoryID)}/follow`,
            payload: { followed: 'yes' },
          })
        ).statusCode,
        422,
      );
    });

    test('PATCH preferences: merges, answers the saved object; a notification follows the category', async () => {
      const category = await create({ name: 'Prefs', urlcode: code('prefs') });
      const url = `/api/v2/categories/${String(category.categoryID)}/preferences/$me`;
      const response = await inject(t, member, {
        method: 'PATCH',
        url,
        payload: { 'preferences.popup.comments': true },
      });
      assert.equal(response.statusCode, 200, response.body);
      assert.deepEqual(response.json(), {
        'preferences.followed': true,
        'preferences.popup.posts': false,
        'preferences.email.posts': false,
        'preferences.popup.comments': true,
        'preferences.email.comments': false,
      });
      const second = await inject(t, member, {
        method: 'PATCH',
        url,
        payload: { 'preferences.popup.posts': true },
      });
      assert.equal((second.json() as CategoryPreferences)['preferences.popup.comments'], true);
      assert.equal(
        ((await get(member, `/categories/${String(category.categoryID)}`)).json() as Category)
          .countFollowers,
        1,
      );
      const off = await inject(t, member, {
        method: 'PATCH',
        url,
        payload: { 'preferences.followed': false },
      });
      assert.ok(Object.values(off.json() as CategoryPreferences).every((value) => value === false));
    });

    test('e-mail keys need email.view of the target user (Garden.Email.View); moderators have it', async () => {
      const url = `/api/v2/categories/${String(a.categoryID)}/preferences/$me`;
      const refused = await inject(t, member, {
        method: 'PATCH',
        url,
        payload: { 'preferences.email.comments': true },
      });
      assert.equal(refused.statusCode, 403);
      assert.deepEqual(refused.json(), forbidden('Garden.Email.View'));
      const allowed = await inject(t, moderator, {
        method: 'PATCH',
        url,
        payload: { 'preferences.email.comments': true },
      });
      assert.equal(allowed.statusCode, 200);
      assert.equal((allowed.json() as CategoryPreferences)['preferences.email.comments'], true);
      const forMember = await inject(t, admin, {
        method: 'PATCH',
        url: `/api/v2/categories/${String(a.categoryID)}/preferences/${String(member.user.userID)}`,
        payload: { 'preferences.email.posts': true },
      });
      assert.equal(
        forMember.statusCode,
        403,
        'the target user’s permission decides, not the editor’s',
      );
    });

    test('the digest key exists only while emails.digest is on', async () => {
      const url = `/api/v2/categories/${String(b.categoryID)}/preferences/$me`;
      const before = (
        await get(moderator, url.replace('/api/v2', ''))
      ).json() as CategoryPreferences;
      assert.equal('preferences.email.digest' in before, false);
      const enabled = await inject(t, admin, {
        method: 'PATCH',
        url: '/api/v2/config',
        payload: { 'emails.digest': true },
      });
      assert.equal(enabled.statusCode, 200);
      const response = await inject(t, moderator, {
        method: 'PATCH',
        url,
        payload: { 'preferences.email.digest': true },
      });
      assert.equal((response.json() as CategoryPreferences)['preferences.email.digest'], true);
      await inject(t, admin, {
        method: 'PATCH',
        url: '/api/v2/config',
        payload: { 'emails.digest': false },
      });
    });

    test('another user’s preferences need users.edit; unknown users 404; guests 403', async () => {
      const path = `/categories/${String(a.categoryID)}/preferences/${String(moderator.user.userID)}`;
      const asMemberView = await get(member, path);
      assert.equal(asMemberView.statusCode, 403);
      assert.deepEqual(asMemberView.json(), forbidden('users.edit'));
      assert.equal(
        (
          await inject(t, member, {
            method: 'PATCH',
            url: `/api/v2${path}`,
            payload: { 'preferences.followed': true },
          })
        ).statusCode,
        403,
      );
      const asAdminView = await get(admin, path);
      assert.equal(asAdminView.statusCode, 200);
      assert.equal((asAdminView.json() as CategoryPreferences)['preferences.email.comments'], true);
      assert.equal(
        (await get(admin, `/categories/${String(a.categoryID)}/preferences/999999`)).statusCode,
        404,
      );
      assert.equal(
        (await get(guest, `/categories/${String(a.categoryID)}/preferences/$me`)).statusCode,
        403,
      );
      assert.equal(
        (await get(member, `/categories/${String(restricted.categoryID)}/preferences/$me`))
          .statusCode,
        403,
      );
      assert.equal((await get(member, '/categories/999999/preferences/$me')).statusCode, 404);
      const badBody = await inject(t, member, {
        method: 'PATCH',
        url: `/api/v2/categories/${String(a.categoryID)}/preferences/$me`,
        payload: { 'preferences.popup.posts': 'on' },
      });
      assert.equal(badBody.statusCode, 422);
    });

    test('GET /categories/preferences/{userID}: followed categories with preferences', async () => {
      const mine = await inject(t, moderator, {
        method: 'GET',
        url: '/api/v2/categories/preferences/$me',
      });
      assert.equal(mine.statusCode, 200);
      const items = mine.json() as FollowedCategoryPreferences[];
      const alpha = items.find((item) => item.categoryID === a.categoryID);
      assert.deepEqual(alpha, {
        categoryID: a.categoryID,
        name: 'Alpha',
        description: 'First.',
        url: 'http://hearth.test/categories/alpha',
        preferences: {
          'preferences.followed': true,
          'preferences.popup.posts': false,
          'preferences.email.posts': false,
          'preferences.popup.comments': false,
          'preferences.email.comments': true,
        },
      });
      const byAdmin = await get(admin, `/categories/preferences/${String(moderator.user.userID)}`);
      assert.deepEqual(byAdmin.json(), items);
      assert.equal(
        (await get(member, `/categories/preferences/${String(moderator.user.userID)}`)).statusCode,
        403,
      );
      assert.equal((await get(guest, '/categories/preferences/$me')).statusCode, 403);
      assert.equal((await get(admin, '/categories/preferences/999999')).statusCode, 404);
      assert.equal((await get(admin, '/categories/preferences/abc')).statusCode, 422);
    });

    test('followedUserID: another user’s follows need users.edit; sort by dateFollowed', async () => {
      const other = `?followedUserID=${String(moderator.user.userID)}&expand=preferences`;
      assert.equal((await get(member, `/categories${other}`)).statusCode, 403);
      const asAdminView = await list(admin, other);
      assert.ok(asAdminView.some((category) => category.categoryID === a.categoryID));
      assert.equal(
        asAdminView.find((category) => category.categoryID === a.categoryID)?.preferences?.[
          'preferences.email.comments'
        ],
        true,
      );
      assert.equal((await get(admin, '/categories?followedUserID=999999')).statusCode, 404);
      const sorted = await list(moderator, '?followed=true&sort=-dateFollowed');
      assert.ok(sorted.length >= 2);
      const dates = sorted.map((category) => category.dateFollowed ?? '');
      assert.deepEqual(dates, [...dates].sort().reverse());
    });
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
