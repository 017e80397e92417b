import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Category, CategoryTreeNode } from '../../common/src/api/categories.ts';
import type { Discussion } from '../../common/src/api/discussions.ts';
import type { HydratedLayout } from '../../common/src/api/layouts.ts';
import type { Tag } from '../../common/src/api/tags.ts';
import { postTestComment } from '../src/features/comments/comments.test-support.ts';
import {
  call,
  createCategory,
  postDiscussion,
} from '../src/features/discussions/discussions.test-support.ts';
import { asAdmin, asGuest, asMember, type TestActor, type TestUser } from './actors.ts';
import { createTestApp, testDialect, type TestApp } from './harness.ts';
import { widgets } from './layout-widgets.ts';

// Issue 11 item 10: nothing about a category the viewer may not see shows, not its tags, its
// counts in its parents' totals, nor its posts as their last post.

function findNode(
  nodes: readonly CategoryTreeNode[],
  categoryID: number,
): CategoryTreeNode | undefined {
  for (const node of nodes) {
    if (node.categoryID === categoryID) return node;
    const found = findNode(node.children ?? [], categoryID);
    if (found) return found;
  }
  return undefined;
}

describe(`metadata of hidden categories (${testDialect})`, () => {
  let t: TestApp;
  let admin: TestActor<TestUser>;
  let parent: Category;
  let staff: Category;
  let open: Category;
  let visible: Discussion;
  let secret: Discussion;
  let sharedTag: Tag;
  let staffTag: Tag;
  const viewers: [string, () => Promise<TestActor | null>][] = [];

  before(async () => {
    t = await createTestApp();
    admin = await asAdmin(t);
    const roles = (await call(t, admin, 'GET', '/roles')).json() as {
      roleID: number;
      type: string;
    }[];
    const roleID = (type: string) => roles.find((role) => role.type === type)!.roleID;
    parent = await createCategory(t, admin, { name: 'Community', urlcode: 'community' });
    open = await createCategory(t, admin, {
      name: 'Open child',
      urlcode: 'open-child',
      parentCategoryID: parent.categoryID,
    });
    staff = await createCategory(t, admin, {
      name: 'Staff only',
      urlcode: 'staff-only',
      parentCategoryID: parent.categoryID,
      customPermissions: true,
      permissions: [
        { roleID: roleID('member'), permissions: { 'discussions.view': false } },
        { roleID: roleID('guest'), permissions: { 'discussions.view': false } },
      ],
    });
    visible = await postDiscussion(t, admin, parent.categoryID, {
      name: 'Visible talk',
      newTagNames: ['Shared'],
    });
    await postTestComment(t, admin, { discussionID: visible.discussionID, text: 'Seen' });
    await postDiscussion(t, admin, open.categoryID, { name: 'Open talk' });
    // The newest posts are in the hidden subcategory.
    secret = await postDiscussion(t, admin, staff.categoryID, {
      name: 'Salary review',
      newTagNames: ['Shared', 'Layoffs'],
    });
    await postTestComment(t, admin, { discussionID: secret.discussionID, text: 'Hidden' });
    await postTestComment(t, admin, { discussionID: secret.discussionID, text: 'Hidden too' });
    const tags = (await call(t, admin, 'GET', '/tags?limit=100')).json() as Tag[];
    sharedTag = tags.find((tag) => tag.name === 'Shared')!;
    staffTag = tags.find((tag) => tag.name === 'Layoffs')!;
    assert.ok(sharedTag && staffTag);
    viewers.push(['guest', () => asGuest(t)], ['member', () => asMember(t)]);
  });
  after(async () => {
    await t.close();
  });

  const expectations = (actor: string) => ({
    // The parent's own discussion and comment and the open child's discussion; the hidden
    // subcategory's discussion and comments are left out, and so is the subcategory itself.
    assertParent(
      category: Pick<Category, 'countAllDiscussions' | 'countAllComments' | 'countCategories'> & {
        lastPost?: Category['lastPost'];
      },
    ) {
      assert.equal(category.countAllDiscussions, 2, `${actor}: countAllDiscussions`);
      assert.equal(category.countAllComments, 1, `${actor}: countAllComments`);
      assert.equal(category.countCategories, 1, `${actor}: countCategories`);
      if (category.lastPost !== undefined) {
        assert.equal(category.lastPost?.discussionID, visible.discussionID, `${actor}: lastPost`);
        assert.doesNotMatch(JSON.stringify(category.lastPost), /Salary/);
      }
    },
  });

  test('GET /tags lists and counts only tags of visible discussions; a hidden-only tag is 404', async () => {
    for (const [name, viewer] of viewers) {
      const actor = await viewer();
      const tags = (await call(t, actor, 'GET', '/tags?limit=100')).json() as Tag[];
      assert.ok(!tags.some((tag) => tag.name === 'Layoffs'), `${name} does not see the hidden tag`);
      assert.equal(tags.find((tag) => tag.name === 'Shared')?.countDiscussions, 1, name);
      const popular = (
        await call(t, actor, 'GET', '/tags?sort=-countDiscussions&excludeNoCountDiscussion=true')
      ).json() as Tag[];
      assert.deepEqual(
        popular.map((tag) => tag.name),
        ['Shared'],
        name,
      );
      const byQuery = (await call(t, actor, 'GET', '/tags?query=Lay')).json() as Tag[];
      assert.deepEqual(byQuery, [], name);
      const single = await call(t, actor, 'GET', `/tags/${String(staffTag.tagID)}`);
      assert.equal(single.statusCode, 404, `${name}: ${single.body}`);
      assert.equal((single.json() as { message: string }).message, 'Tag not found.');
      const shared = (
        await call(t, actor, 'GET', `/tags/${String(sharedTag.tagID)}`)
      ).json() as Tag;
      assert.equal(shared.countDiscussions, 1, name);
    }
    const all = (await call(t, admin, 'GET', '/tags?limit=100')).json() as Tag[];
    assert.equal(all.find((tag) => tag.name === 'Shared')?.countDiscussions, 2);
    assert.equal(all.find((tag) => tag.name === 'Layoffs')?.countDiscussions, 1);
  });

  test("a parent's totals and last post leave out a hidden subcategory (single, flat list, tree)", async () => {
    for (const [name, viewer] of viewers) {
      const actor = await viewer();
      const { assertParent } = expectations(name);
      const single = await call(
        t,
        actor,
        'GET',
        `/categories/${String(parent.categoryID)}?expand=lastPost`,
      );
      assert.equal(single.statusCode, 200, single.body);
      assertParent(single.json() as Category);
      const flat = (
        await call(t, actor, 'GET', '/categories?outputFormat=flat&limit=100&expand=lastPost')
      ).json() as Category[];
      assertParent(flat.find((category) => category.categoryID === parent.categoryID)!);
      assert.ok(!flat.some((category) => category.categoryID === staff.categoryID));
      const tree = (
        await call(t, actor, 'GET', '/categories?outputFormat=tree&maxDepth=3&expand=lastPost')
      ).json() as CategoryTreeNode[];
      assertParent(findNode(tree, parent.categoryID)!);
      const children = (
        await call(
          t,
          actor,
          'GET',
          `/categories?parentCategoryID=${String(parent.categoryID)}&expand=lastPost`,
        )
      ).json() as CategoryTreeNode[];
      assert.deepEqual(
        children.map((child) => child.name),
        ['Open child'],
      );
    }
    const asAdmin = (
      await call(t, admin, 'GET', `/categories/${String(parent.categoryID)}?expand=lastPost`)
    ).json() as Category;
    assert.equal(asAdmin.countAllDiscussions, 3);
    assert.equal(asAdmin.countAllComments, 3);
    assert.equal(asAdmin.countCategories, 2);
    // A category's last post is its own newest post: never one of a subcategory.
    assert.equal(asAdmin.lastPost?.discussionID, visible.discussionID);
  });

  test("the pages' tag cloud and category widgets show none of it", async () => {
    for (const [name, viewer] of viewers) {
      const actor = await viewer();
      for (const query of [
        'layoutViewType=home&recordType=siteSection&recordID=0',
        'layoutViewType=categoryList&recordType=siteSection&recordID=0',
        `layoutViewType=categoryList&recordType=category&recordID=${String(parent.categoryID)}`,
      ]) {
        const response = await call(t, actor, 'GET', `/layouts/lookup-hydrate?${query}`);
        assert.equal(response.statusCode, 200, response.body);
        assert.doesNotMatch(response.body, /Layoffs|Salary|Staff only/, `${name} ${query}`);
        const nodes = widgets((response.json() as HydratedLayout).layout);
        const cloud = nodes.find((node) => node.$reactComponent === 'TagCloud');
        assert.deepEqual(
          ((cloud?.$reactProps.tags ?? []) as Tag[]).map((tag) => [tag.name, tag.countDiscussions]),
          [['Shared', 1]],
          `${name} ${query}`,
        );
        for (const list of nodes.filter((node) => node.$reactComponent === 'CategoryList')) {
          const found = findNode(
            list.$reactProps.categories as CategoryTreeNode[],
            parent.categoryID,
          );
          if (found) expectations(`${name} ${query}`).assertParent(found);
        }
      }
    }
  });

  test("breadcrumbs and parent leave out a hidden ancestor's name", async () => {
    const roles = (await call(t, admin, 'GET', '/roles')).json() as {
      roleID: number;
      type: string;
    }[];
    const everyone = roles
      .filter((role) => role.type === 'guest' || role.type === 'member')
      .map((role) => ({ roleID: role.roleID, permissions: { 'discussions.view': true } }));
    const nobody = everyone.map((entry) => ({
      ...entry,
      permissions: { 'discussions.view': false },
    }));
    const hq = await createCategory(t, admin, {
      name: 'Private HQ',
      urlcode: 'private-hq',
      customPermissions: true,
      permissions: nobody,
    });
    const corner = await createCategory(t, admin, {
      name: 'Public corner',
      urlcode: 'public-corner',
      parentCategoryID: hq.categoryID,
      customPermissions: true,
      permissions: everyone,
    });
    const discussion = await postDiscussion(t, admin, corner.categoryID, { name: 'Corner talk' });
    for (const [name, viewer] of viewers) {
      const actor = await viewer();
      const category = await call(t, actor, 'GET', `/categories/${String(corner.categoryID)}`);
      assert.equal(category.statusCode, 200, category.body);
      assert.deepEqual(
        (category.json() as Category).breadcrumbs?.map((crumb) => crumb.name),
        ['Home', 'Public corner'],
        name,
      );
      const search = await call(t, actor, 'GET', '/categories/search?query=corner&expand=parent');
      assert.equal(search.statusCode, 200, search.body);
      assert.doesNotMatch(search.body, /Private HQ/, name);
      const record = await call(
        t,
        actor,
        'GET',
        `/discussions/${String(discussion.discussionID)}?expand=breadcrumbs`,
      );
      assert.equal(record.statusCode, 200, record.body);
      assert.deepEqual(
        (record.json() as Discussion).breadcrumbs?.map((crumb) => crumb.name),
        ['Home', 'Public corner'],
        name,
      );
      const page = await call(
        t,
        actor,
        'GET',
        `/layouts/lookup-hydrate?layoutViewType=post&recordType=discussion&recordID=${String(discussion.discussionID)}`,
      );
      assert.equal(page.statusCode, 200, page.body);
      assert.doesNotMatch(page.body, /Private HQ/, name);
    }
    const asStaff = (
      await call(t, admin, 'GET', `/categories/${String(corner.categoryID)}`)
    ).json() as Category;
    assert.deepEqual(
      asStaff.breadcrumbs?.map((crumb) => crumb.name),
      ['Home', 'Private HQ', 'Public corner'],
    );
  });

  test('the discussions of a tag are only the visible ones, in the API and on the page', async () => {
    for (const [name, viewer] of viewers) {
      const actor = await viewer();
      const hiddenTag = await call(t, actor, 'GET', `/discussions?tagID=${String(staffTag.tagID)}`);
      assert.equal(hiddenTag.statusCode, 200, hiddenTag.body);
      assert.deepEqual(hiddenTag.json(), [], name);
      assert.equal(hiddenTag.headers['x-app-page-result-count'], '0');
      const shared = (
        await call(t, actor, 'GET', `/discussions?tagID=${String(sharedTag.tagID)}`)
      ).json() as Discussion[];
      assert.deepEqual(
        shared.map((discussion) => discussion.name),
        ['Visible talk'],
        name,
      );
      const page = await call(
        t,
        actor,
        'GET',
        `/layouts/lookup-hydrate?layoutViewType=discussionList&recordType=siteSection&recordID=0&params[tagID]=${String(sharedTag.tagID)}`,
      );
      assert.equal(page.statusCode, 200, page.body);
      assert.doesNotMatch(page.body, /Layoffs|Salary|Staff only/, name);
    }
    const asStaff = (
      await call(t, admin, 'GET', `/discussions?tagID=${String(sharedTag.tagID)}`)
    ).json() as Discussion[];
    assert.deepEqual(
      asStaff.map((discussion) => discussion.discussionID).sort((a, b) => a - b),
      [visible.discussionID, secret.discussionID],
    );
  });
});
