import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { testDialect } from '../../../test/harness.ts';
import { type TestActor, type TestUser } from '../../../test/actors.ts';
import type { Category, CategoryTreeNode } from '../../../../common/src/api/categories.ts';
import type { PermissionSet } from '../../../../common/src/permissions/types.ts';
import {
  flatIDs,
  forbidden,
  useCategoriesFixture,
  type ErrorBody,
} from './categories.test-support.ts';

describe(`categories API: lists, records and search (${testDialect})`, () => {
  const fx = useCategoriesFixture();
  const { code, create, get, list } = fx;
  let admin: TestActor<TestUser>;
  let member: TestActor<TestUser>;
  let moderator: TestActor<TestUser>;
  let guest: TestActor<null>;
  let a: Category;
  let b: Category;
  let c: Category;
  let restricted: Category;
  let restrictedChild: Category;
  before(() => {
    ({ admin, member, moderator, guest, a, b, c, restricted, restrictedChild } = fx);
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
});
