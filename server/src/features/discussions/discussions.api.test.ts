import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, testDialect, type TestApp } from '../../../test/harness.ts';
import {
  asAdmin,
  asGuest,
  asMember,
  asModerator,
  type TestActor,
  type TestUser,
} from '../../../test/actors.ts';
import type { Category } from '../../../../common/src/api/categories.ts';
import type {
  Discussion,
  DiscussionEdit,
  DiscussionQuote,
} from '../../../../common/src/api/discussions.ts';
import type { TagFragment } from '../../../../common/src/api/tags.ts';
import { loadPermissionSet } from '../../permissions/permission-set.ts';
import type { RequestContext } from '../../http/context.ts';
import { recordDiscussionView } from './discussions.read.ts';
import {
  call,
  createCategory,
  insertComment,
  postDiscussion,
  readCategory,
  setConfig,
  userCounts,
  type ErrorBody,
} from './discussions.test-support.ts';
import { flushDiscussionViews } from './discussions.views.ts';

const forbidden = (permission: string) => ({
  message: 'Permission Problem',
  status: 403,
  description: `You need the ${permission} permission to do that.`,
  permissions: [permission],
});

describe(`discussions API (${testDialect})`, () => {
  let t: TestApp;
  let admin: TestActor<TestUser>;
  let moderator: TestActor<TestUser>;
  let member: TestActor<TestUser>;
  let guest: TestActor<null>;
  let parent: Category;
  let general: Category;
  let restricted: Category;
  let heading: Category;

  const roleIDOf = async (type: string): Promise<number> =>
    (
      await t.db
        .selectFrom('roles')
        .select('roleID')
        .where('type', '=', type)
        .executeTakeFirstOrThrow()
    ).roleID;

  const get = async (actor: TestActor | null, path: string) => call(t, actor, 'GET', path);

  const listIDs = async (actor: TestActor | null, query: string): Promise<number[]> => {
    const response = await get(actor, `/api/v2/discussions${query}`);
    assert.equal(response.statusCode, 200, response.body);
    return (response.json() as Discussion[]).map((discussion) => discussion.discussionID);
  };

  const contextFor = async (actor: TestActor<TestUser>): Promise<RequestContext> => ({
    ...t.app.deps,
    actor: {
      userID: actor.user.userID,
      via: 'session',
      sessionID: actor.sessionID,
      transientKey: actor.transientKey,
      csrfFailed: false,
      banned: false,
    },
    permissions: await loadPermissionSet(t.db, actor.user.userID),
    ipAddress: '127.0.0.1',
    userAgent: null,
  });

  before(async () => {
    t = await createTestApp();
    admin = await asAdmin(t);
    moderator = await asModerator(t);
    member = await asMember(t);
    guest = await asGuest(t);
    const memberRoleID = await roleIDOf('member');
    const guestRoleID = await roleIDOf('guest');
    parent = await createCategory(t, admin, { name: 'Parent', urlcode: 'parent-cat' });
    general = await createCategory(t, admin, {
      name: 'General',
      urlcode: 'general-talk',
      parentCategoryID: parent.categoryID,
    });
    restricted = await createCategory(t, admin, {
      name: 'Staff Room',
      urlcode: 'staff-room',
      customPermissions: true,
      permissions: [
        { roleID: memberRoleID, permissions: { 'discussions.view': false } },
        { roleID: guestRoleID, permissions: { 'discussions.view': false } },
      ],
    });
    heading = await createCategory(t, admin, {
      name: 'Heading',
      urlcode: 'heading',
      displayAs: 'heading',
    });
  });
  after(async () => {
    await t.close();
  });

  describe('POST /discussions', () => {
    test('creates a discussion with its author, rendered body and URL, and counts it', async () => {
      const author = await asMember(t);
      const before = await readCategory(t, admin, general.categoryID);
      const parentBefore = await readCategory(t, admin, parent.categoryID);
      const response = await call(t, author, 'POST', '/api/v2/discussions', {
        name: '  Hello, World!  ',
        body: 'Line one\nLine <b>two</b>',
        format: 'Text',
        categoryID: general.categoryID,
      });
      assert.equal(response.statusCode, 201, response.body);
      const discussion = response.json() as Discussion;
      assert.equal(discussion.name, 'Hello, World!');
      assert.equal(discussion.type, 'discussion');
      assert.equal(discussion.format, 'text');
      assert.equal(
        discussion.url,
        `http://hearth.test/discussion/${String(discussion.discussionID)}/hello-world`,
      );
      assert.equal(discussion.canonicalUrl, discussion.url);
      assert.equal(discussion.insertUserID, author.user.userID);
      assert.equal(discussion.insertUser?.name, author.user.name);
      assert.equal(discussion.lastUser?.userID, author.user.userID);
      assert.ok(discussion.body?.includes('&lt;b&gt;two&lt;/b&gt;'), discussion.body);
      assert.equal(discussion.countComments, 0);
      assert.equal(discussion.dateLastComment, discussion.dateInserted);
      assert.equal(discussion.closed, false);
      assert.equal(discussion.pinned, false);
      assert.equal(discussion.bookmarked, false);

      const after = await readCategory(t, admin, general.categoryID);
      assert.equal(after.countDiscussions, before.countDiscussions + 1);
      assert.equal(after.countAllDiscussions, before.countAllDiscussions + 1);
      assert.equal(after.lastPost?.discussionID, discussion.discussionID);
      // findLastPosts gets no base URL from categories.service yet: compare the path.
      assert.ok(discussion.url.endsWith(after.lastPost?.url ?? '?'), after.lastPost?.url);
      const parentAfter = await readCategory(t, admin, parent.categoryID);
      assert.equal(parentAfter.countDiscussions, parentBefore.countDiscussions);
      assert.equal(parentAfter.countAllDiscussions, parentBefore.countAllDiscussions + 1);
      assert.equal((await userCounts(t, author.user.userID)).countDiscussions, 1);
    });

    test('POST /discussions/question creates a question', async () => {
      const response = await call(t, moderator, 'POST', '/api/v2/discussions/question', {
        name: 'How do I?',
        body: 'Asking.',
        format: 'markdown',
        categoryID: general.categoryID,
      });
      assert.equal(response.statusCode, 201, response.body);
      assert.equal((response.json() as Discussion).type, 'question');
    });

    test('refuses each bad field', async () => {
      const valid = { name: 'Name', body: 'Body', format: 'text', categoryID: general.categoryID };
      const cases: [Record<string, unknown>, string, string, number][] = [
        [{ ...valid, name: undefined }, 'name', 'missingField', 400],
        [{ ...valid, name: '   ' }, 'name', 'missingField', 400],
        [{ ...valid, name: 'x'.repeat(251) }, 'name', 'maxLength', 422],
        [{ ...valid, body: undefined }, 'body', 'missingField', 400],
        [{ ...valid, body: '   ' }, 'body', 'missingField', 400],
        [{ ...valid, body: 'y'.repeat(8001) }, 'body', 'maxLength', 422],
        [{ ...valid, format: 'pdf' }, 'format', 'invalid', 422],
        [{ ...valid, format: 'rich2', body: '{not json' }, 'body', 'invalid', 422],
        [{ ...valid, categoryID: undefined }, 'categoryID', 'missingField', 400],
        [{ ...valid, categoryID: 'abc' }, 'categoryID', 'invalid', 422],
        [{ ...valid, closed: 'yes' }, 'closed', 'invalid', 422],
        [{ ...valid, pinLocation: 'everywhere' }, 'pinLocation', 'invalid', 422],
      ];
      for (const [payload, field, code, status] of cases) {
        const response = await call(t, moderator, 'POST', '/api/v2/discussions', payload);
        assert.equal(response.statusCode, status, `${field}: ${response.body}`);
        const body = response.json() as ErrorBody;
        assert.equal(body.errors?.[0]?.field, field, response.body);
        assert.equal(body.errors?.[0]?.code, code, response.body);
      }
    });

    test('answers 404 for an unknown category and 403 for a heading category', async () => {
      const missing = await call(t, moderator, 'POST', '/api/v2/discussions', {
        name: 'N',
        body: 'B',
        format: 'text',
        categoryID: 999_999,
      });
      assert.equal(missing.statusCode, 404);
      assert.equal((missing.json() as ErrorBody).message, 'Category not found.');
      const headed = await call(t, moderator, 'POST', '/api/v2/discussions', {
        name: 'N',
        body: 'B',
        format: 'text',
        categoryID: heading.categoryID,
      });
      assert.equal(headed.statusCode, 403);
      assert.equal(
        (headed.json() as ErrorBody).message,
        'You are not allowed to post in categories with a display type of Heading.',
      );
    });

    test('guests and members without access are refused; flags need their permissions', async () => {
      const payload = { name: 'N', body: 'B', format: 'text', categoryID: general.categoryID };
      const asGuestResponse = await call(t, guest, 'POST', '/api/v2/discussions', payload);
      assert.equal(asGuestResponse.statusCode, 403);
      assert.deepEqual(asGuestResponse.json(), forbidden('discussions.add'));
      const noView = await call(t, member, 'POST', '/api/v2/discussions', {
        ...payload,
        categoryID: restricted.categoryID,
      });
      // The restricted category keeps the members' add right but not view: no posting where one cannot read.
      assert.equal(noView.statusCode, 403);
      assert.deepEqual(noView.json(), forbidden('discussions.view'));
      for (const [flag, permission] of [
        [{ closed: true }, 'discussions.close'],
        [{ sink: true }, 'discussions.sink'],
        [{ pinned: true }, 'discussions.announce'],
        [{ resolved: true }, 'staff.allow'],
      ] as const) {
        const refused = await call(t, await asMember(t), 'POST', '/api/v2/discussions', {
          ...payload,
          ...flag,
        });
        assert.equal(refused.statusCode, 403, refused.body);
        assert.deepEqual(refused.json(), forbidden(permission));
      }
      const pinned = await call(t, moderator, 'POST', '/api/v2/discussions', {
        ...payload,
        pinned: true,
        pinLocation: 'recent',
        closed: true,
      });
      assert.equal(pinned.statusCode, 201, pinned.body);
      const body = pinned.json() as Discussion;
      assert.equal(body.pinned, true);
      assert.equal(body.pinLocation, 'recent');
      assert.equal(body.closed, true);
    });

    test('premoderation stores the discussion pending and answers 202', async () => {
      const author = await asMember(t);
      const before = await readCategory(t, admin, general.categoryID);
      await setConfig(t, admin, { 'premoderation.discussions': true });
      try {
        const response = await call(t, author, 'POST', '/api/v2/discussions', {
          name: 'Waiting',
          body: 'For approval',
          format: 'text',
          categoryID: general.categoryID,
        });
        assert.equal(response.statusCode, 202, response.body);
        assert.deepEqual(response.json(), {
          message: 'Your discussion will appear after it is approved.',
          status: 202,
        });
        const row = await t.db
          .selectFrom('discussions')
          .select(['discussionID', 'moderationStatus'])
          .where('insertUserID', '=', author.user.userID)
          .executeTakeFirstOrThrow();
        assert.equal(row.moderationStatus, 'pending');
        assert.equal(
          (await readCategory(t, admin, general.categoryID)).countDiscussions,
          before.countDiscussions,
        );
        assert.equal((await userCounts(t, author.user.userID)).countDiscussions, 0);
        assert.ok(
          !(await listIDs(admin, `?categoryID=${String(general.categoryID)}&limit=100`)).includes(
            row.discussionID,
          ),
        );
        assert.equal(
          (await get(author, `/api/v2/discussions/${String(row.discussionID)}`)).statusCode,
          404,
        );
        assert.equal(
          (await get(moderator, `/api/v2/discussions/${String(row.discussionID)}`)).statusCode,
          200,
        );
        // Moderators are not premoderated.
        await postDiscussion(t, moderator, general.categoryID);
      } finally {
        await setConfig(t, admin, { 'premoderation.discussions': false });
      }
    });

    test('flood control answers 429 on body after the allowed count; moderators are exempt', async () => {
      await setConfig(t, admin, { 'floodControl.discussions.count': 2 });
      try {
        const flooder = await asMember(t);
        await postDiscussion(t, flooder, general.categoryID);
        await postDiscussion(t, flooder, general.categoryID);
        const response = await call(t, flooder, 'POST', '/api/v2/discussions', {
          name: 'Third',
          body: 'Too fast',
          format: 'text',
          categoryID: general.categoryID,
        });
        assert.equal(response.statusCode, 429, response.body);
        const message =
          'You have posted 2 times within 60 seconds. A spam block is now in effect on your account. You must wait at least 120 seconds before attempting to post again.';
        const body = response.json() as ErrorBody;
        assert.equal(body.message, message);
        assert.deepEqual(body.errors, [{ field: 'body', code: 'flood', message, status: 429 }]);
        assert.equal(response.headers['retry-after'], '120');
        assert.equal((await userCounts(t, flooder.user.userID)).countDiscussions, 2);
        for (let index = 0; index < 3; index += 1)
          await postDiscussion(t, moderator, general.categoryID);
      } finally {
        await setConfig(t, admin, { 'floodControl.discussions.count': 3 });
      }
    });
  });

  describe('GET /discussions', () => {
    let listCategory: Category;
    const created: Discussion[] = [];

    before(async () => {
      listCategory = await createCategory(t, admin, { name: 'Lists', urlcode: 'lists' });
      for (let index = 0; index < 5; index += 1) {
        created.push(
          await postDiscussion(t, moderator, listCategory.categoryID, {
            name: `List ${String(index)}`,
          }),
        );
      }
      // Distinct dates and scores make every sort observable.
      for (const [index, discussion] of created.entries()) {
        const inserted = new Date(Date.UTC(2025, 0, 1 + index)).toISOString();
        const lastComment = new Date(Date.UTC(2025, 1, 10 - index)).toISOString();
        await t.db
          .updateTable('discussions')
          .set({
            dateInserted: inserted,
            dateLastComment: lastComment,
            score: (index * 7) % 5,
            hot: index % 3,
          })
          .where('discussionID', '=', discussion.discussionID)
          .execute();
      }
    });

    test('pages with the numbered pager headers', async () => {
      const response = await get(
        member,
        `/api/v2/discussions?categoryID=${String(listCategory.categoryID)}&limit=2&page=2`,
      );
      assert.equal(response.statusCode, 200, response.body);
      assert.equal((response.json() as Discussion[]).length, 2);
      assert.equal(response.headers['x-app-page-current'], '2');
      assert.equal(response.headers['x-app-page-limit'], '2');
      assert.equal(response.headers['x-app-page-result-count'], '5');
      assert.match(String(response.headers['x-app-page-next-url']), /page=3/);
      assert.match(String(response.headers['x-app-page-prev-url']), /page=1/);
      assert.match(String(response.headers['x-app-page-last-url']), /page=3/);
    });

    test('sorts by each key', async () => {
      const ids = created.map((discussion) => discussion.discussionID);
      const query = `?categoryID=${String(listCategory.categoryID)}`;
      assert.deepEqual(await listIDs(member, query), ids);
      assert.deepEqual(await listIDs(member, `${query}&sort=-dateLastComment`), ids);
      assert.deepEqual(await listIDs(member, `${query}&sort=-dateInserted`), [...ids].reverse());
      assert.deepEqual(await listIDs(member, `${query}&sort=dateInserted`), ids);
      assert.deepEqual(await listIDs(member, `${query}&sort=-discussionID`), [...ids].reverse());
      // scores 0,2,4,1,3 → -score: 4,3,2,1,0
      assert.deepEqual(await listIDs(member, `${query}&sort=-score`), [
        ids[2],
        ids[4],
        ids[1],
        ids[3],
        ids[0],
      ]);
      // hot 0,1,2,0,1 → -hot with ties by -discussionID
      assert.deepEqual(await listIDs(member, `${query}&sort=-hot`), [
        ids[2],
        ids[4],
        ids[1],
        ids[3],
        ids[0],
      ]);
    });

    test('filters by dates, type, author, scores and IDs', async () => {
      const ids = created.map((discussion) => discussion.discussionID);
      const query = `?categoryID=${String(listCategory.categoryID)}&sort=discussionID`;
      assert.deepEqual(await listIDs(member, `${query}&dateInserted=2025-01-02`), [ids[1]]);
      assert.deepEqual(await listIDs(member, `${query}&dateInserted=[2025-01-02,2025-01-03]`), [
        ids[1],
        ids[2],
      ]);
      assert.deepEqual(await listIDs(member, `${query}&score=3..4`), [ids[2], ids[4]]);
      assert.deepEqual(
        await listIDs(member, `${query}&discussionID=${String(ids[0])},${String(ids[4])}`),
        [ids[0], ids[4]],
      );
      assert.deepEqual(
        await listIDs(member, `${query}&insertUserID=${String(moderator.user.userID)}`),
        ids,
      );
      assert.deepEqual(await listIDs(member, `${query}&type=question`), []);
      assert.deepEqual(await listIDs(member, `${query}&hasComments=true`), []);
    });

    test('refuses bad parameters with 422', async () => {
      for (const query of [
        'limit=101',
        'limit=0',
        'page=0',
        'sort=name',
        'dateInserted=yesterday',
        'score=a..b',
        'pinOrder=last',
      ]) {
        const response = await get(member, `/api/v2/discussions?${query}`);
        assert.equal(response.statusCode, 422, `${query}: ${response.body}`);
      }
    });

    test('restricted categories are invisible in lists and 403 by ID', async () => {
      const secret = await postDiscussion(t, moderator, restricted.categoryID);
      assert.ok((await listIDs(moderator, '?limit=100')).includes(secret.discussionID));
      assert.ok(!(await listIDs(member, '?limit=100')).includes(secret.discussionID));
      assert.ok(!(await listIDs(guest, '?limit=100')).includes(secret.discussionID));
      const byCategory = await get(
        member,
        `/api/v2/discussions?categoryID=${String(restricted.categoryID)}`,
      );
      assert.equal(byCategory.statusCode, 403);
      assert.deepEqual(byCategory.json(), forbidden('discussions.view'));
      const byID = await get(member, `/api/v2/discussions/${String(secret.discussionID)}`);
      assert.equal(byID.statusCode, 403);
      assert.deepEqual(byID.json(), forbidden('discussions.view'));
      assert.equal(
        (await get(guest, `/api/v2/discussions/${String(secret.discussionID)}`)).statusCode,
        403,
      );
      assert.equal((await get(member, '/api/v2/discussions?categoryID=999999')).statusCode, 404);
    });

    test('includeChildCategories lists the subtree', async () => {
      const child = await postDiscussion(t, moderator, general.categoryID);
      const withChildren = await listIDs(
        member,
        `?categoryID=${String(parent.categoryID)}&includeChildCategories=true&limit=100`,
      );
      assert.ok(withChildren.includes(child.discussionID));
      assert.ok(
        !(await listIDs(member, `?categoryID=${String(parent.categoryID)}&limit=100`)).includes(
          child.discussionID,
        ),
      );
    });

    test('pinOrder=first puts the category announcements ahead on page 1', async () => {
      const category = await createCategory(t, admin, { name: 'Pins', urlcode: 'pins' });
      const normal = await postDiscussion(t, moderator, category.categoryID);
      const pinned = await postDiscussion(t, moderator, category.categoryID, { pinned: true });
      const newest = await postDiscussion(t, moderator, category.categoryID);
      await t.db
        .updateTable('discussions')
        .set({ dateLastComment: '2020-01-01T00:00:00.000Z' })
        .where('discussionID', '=', pinned.discussionID)
        .execute();
      const query = `?categoryID=${String(category.categoryID)}`;
      assert.deepEqual(await listIDs(member, query), [
        newest.discussionID,
        normal.discussionID,
        pinned.discussionID,
      ]);
      const first = await get(member, `/api/v2/discussions${query}&pinOrder=first`);
      assert.deepEqual(
        (first.json() as Discussion[]).map((d) => d.discussionID),
        [pinned.discussionID, newest.discussionID, normal.discussionID],
      );
      assert.equal(first.headers['x-app-page-result-count'], '2');
      assert.deepEqual(await listIDs(member, `${query}&pinned=true`), [pinned.discussionID]);
      assert.deepEqual(await listIDs(member, `${query}&pinned=false`), [
        newest.discussionID,
        normal.discussionID,
      ]);
    });

    test('expansions: default users and body, -body, category, breadcrumbs, permissions, excerpt, lastPost', async () => {
      const discussion = await postDiscussion(t, moderator, general.categoryID, {
        body: 'word '.repeat(100),
      });
      const plain = (
        await get(member, `/api/v2/discussions/${String(discussion.discussionID)}`)
      ).json() as Discussion;
      assert.ok(plain.insertUser && plain.lastUser && plain.body);
      assert.equal('permissions' in plain, false);
      const stripped = (
        await get(
          member,
          `/api/v2/discussions/${String(discussion.discussionID)}?expand=-body,-insertUser`,
        )
      ).json() as Discussion;
      assert.equal('body' in stripped, false);
      assert.equal('insertUser' in stripped, false);
      const all = (
        await get(member, `/api/v2/discussions/${String(discussion.discussionID)}?expand[]=all`)
      ).json() as Discussion;
      assert.equal(all.category?.name, 'General');
      assert.deepEqual(
        all.breadcrumbs?.map((crumb) => crumb.name),
        ['Home', 'Parent', 'General'],
      );
      assert.equal(all.permissions?.['discussions.view'], true);
      assert.equal(all.permissions?.['discussions.edit'], false);
      assert.equal(all.permissions?.['comments.add'], true);
      assert.ok(all.excerpt && all.excerpt.length <= 326 && all.excerpt.endsWith('…'), all.excerpt);
      assert.ok(all.snippet && [...all.snippet].length <= 180, all.snippet);
      assert.equal(all.lastPost?.discussionID, discussion.discussionID);
      assert.deepEqual(all.reactions, []);
      const commentID = await insertComment(t, discussion.discussionID, member.user.userID);
      const withComment = (
        await get(
          member,
          `/api/v2/discussions/${String(discussion.discussionID)}?expand=lastPost.insertUser`,
        )
      ).json() as Discussion;
      assert.equal(withComment.lastPost?.commentID, commentID);
      assert.equal(withComment.lastPost?.name, `Re: ${discussion.name}`);
      assert.equal(withComment.lastPost?.insertUser?.userID, member.user.userID);
      assert.equal(withComment.lastUserID, member.user.userID);
      const asModeratorView = (
        await get(
          moderator,
          `/api/v2/discussions/${String(discussion.discussionID)}?expand=permissions`,
        )
      ).json() as Discussion;
      assert.equal(asModeratorView.permissions?.['discussions.edit'], true);
      assert.equal(asModeratorView.resolved, false);
      assert.equal('resolved' in plain, false);
    });

    test('other users’ bookmarks need community.moderate', async () => {
      const response = await get(
        member,
        `/api/v2/discussions?bookmarkUserID=${String(moderator.user.userID)}`,
      );
      assert.equal(response.statusCode, 403);
      assert.deepEqual(response.json(), forbidden('community.moderate'));
      assert.equal(
        (await get(moderator, `/api/v2/discussions?bookmarkUserID=${String(member.user.userID)}`))
          .statusCode,
        200,
      );
    });
  });

  describe('GET /discussions/{id}', () => {
    test('404 for a missing discussion; 422 for a bad ID', async () => {
      const response = await get(member, '/api/v2/discussions/999999');
      assert.equal(response.statusCode, 404);
      assert.equal((response.json() as ErrorBody).message, 'Discussion not found.');
      assert.equal((await get(member, '/api/v2/discussions/abc')).statusCode, 422);
    });

    test('unread state follows the viewer’s reading; guests never have unread', async () => {
      const discussion = await postDiscussion(t, moderator, general.categoryID);
      await insertComment(t, discussion.discussionID, moderator.user.userID);
      await insertComment(t, discussion.discussionID, moderator.user.userID);
      const reader = await asMember(t);
      const path = `/api/v2/discussions/${String(discussion.discussionID)}`;
      const fresh = (await get(reader, path)).json() as Discussion;
      assert.equal(fresh.unread, true);
      assert.equal(fresh.countUnread, 2);
      assert.equal(fresh.dateLastViewed, null);
      await recordDiscussionView(await contextFor(reader), discussion.discussionID, 1);
      const partly = (await get(reader, path)).json() as Discussion;
      assert.equal(partly.unread, true);
      assert.equal(partly.countUnread, 1);
      assert.ok(partly.dateLastViewed);
      await recordDiscussionView(await contextFor(reader), discussion.discussionID, 2);
      await recordDiscussionView(await contextFor(reader), discussion.discussionID, 0);
      await flushDiscussionViews(t.db);
      const read = (await get(reader, path)).json() as Discussion;
      assert.equal(read.unread, false);
      assert.equal(read.countUnread, 0);
      assert.equal(read.countViews, 3);
      const asGuestView = (await get(guest, path)).json() as Discussion;
      assert.equal(asGuestView.unread, false);
      assert.equal('countUnread' in asGuestView, false);
    });
  });

  describe('PATCH /discussions/{id}', () => {
    test('the author edits within the window; others need discussions.edit', async () => {
      const author = await asMember(t);
      const discussion = await postDiscussion(t, author, general.categoryID);
      const path = `/api/v2/discussions/${String(discussion.discussionID)}`;
      const edited = await call(t, author, 'PATCH', path, {
        name: 'Renamed',
        body: '**bold**',
        format: 'markdown',
      });
      assert.equal(edited.statusCode, 200, edited.body);
      const body = edited.json() as Discussion;
      assert.equal(body.name, 'Renamed');
      assert.match(body.body ?? '', /<strong>bold<\/strong>/);
      assert.equal(body.updateUserID, author.user.userID);
      assert.ok(body.dateUpdated);
      const other = await call(t, member, 'PATCH', path, { name: 'Hijack' });
      assert.equal(other.statusCode, 403);
      assert.deepEqual(other.json(), forbidden('discussions.edit'));
      assert.equal((await call(t, guest, 'PATCH', path, { name: 'Guest' })).statusCode, 403);
      const bad = await call(t, author, 'PATCH', path, { name: '' });
      assert.equal(bad.statusCode, 400);
      assert.equal((bad.json() as ErrorBody).errors?.[0]?.field, 'name');
      assert.equal(
        (await call(t, author, 'PATCH', '/api/v2/discussions/999999', { name: 'X' })).statusCode,
        404,
      );

      // Past ui.editContentTimeout (3600 s) the author may not edit; moderators still may.
      await t.db
        .updateTable('discussions')
        .set({ dateInserted: new Date(Date.now() - 2 * 3600 * 1000).toISOString() })
        .where('discussionID', '=', discussion.discussionID)
        .execute();
      const late = await call(t, author, 'PATCH', path, { name: 'Too late' });
      assert.equal(late.statusCode, 400);
      assert.equal((late.json() as ErrorBody).message, 'Editing discussions is not allowed.');
      assert.equal(
        (await call(t, moderator, 'PATCH', path, { name: 'By a moderator' })).statusCode,
        200,
      );
      await setConfig(t, admin, { 'ui.editContentTimeout': -1 });
      try {
        assert.equal((await call(t, author, 'PATCH', path, { name: 'No limit' })).statusCode, 200);
        // A closed discussion cannot be edited by its author.
        assert.equal((await call(t, moderator, 'PATCH', path, { closed: true })).statusCode, 200);
        const closed = await call(t, author, 'PATCH', path, { name: 'Closed' });
        assert.equal(closed.statusCode, 400);
      } finally {
        await setConfig(t, admin, { 'ui.editContentTimeout': 3600 });
      }
    });

    test('flags need their permissions; the author may not close without discussions.closeOwn', async () => {
      const author = await asMember(t);
      const discussion = await postDiscussion(t, author, general.categoryID);
      const path = `/api/v2/discussions/${String(discussion.discussionID)}`;
      for (const [payload, permission] of [
        [{ closed: true }, 'discussions.close'],
        [{ sink: true }, 'discussions.sink'],
        [{ pinned: true }, 'discussions.announce'],
        [{ resolved: true }, 'staff.allow'],
      ] as const) {
        const response = await call(t, author, 'PATCH', path, payload);
        assert.equal(response.statusCode, 403, response.body);
        assert.deepEqual(response.json(), forbidden(permission));
      }
      const authorChange = await call(t, author, 'PATCH', path, {
        insertUserID: member.user.userID,
      });
      assert.equal(authorChange.statusCode, 403, authorChange.body);
      assert.deepEqual(authorChange.json(), {
        message: 'Permission Problem',
        status: 403,
        description: 'You need one of site.manage, community.manage permissions to do that.',
        permissions: ['site.manage', 'community.manage'],
      });
      const moderated = await call(t, moderator, 'PATCH', path, {
        closed: true,
        sink: true,
        pinned: true,
        pinLocation: 'recent',
        resolved: true,
      });
      assert.equal(moderated.statusCode, 200, moderated.body);
      const body = moderated.json() as Discussion;
      assert.equal(body.closed && body.sink && body.pinned && body.resolved, true);
      assert.equal(body.pinLocation, 'recent');
      // spec 000 §6: site.manage or community.manage change the author; community.moderate does not.
      const changeAuthor = await call(t, moderator, 'PATCH', path, {
        insertUserID: member.user.userID,
      });
      assert.equal(changeAuthor.statusCode, 403);
    });

    test('community.manage may change the author (spec 000 §6)', async () => {
      const author = await asMember(t);
      const discussion = await postDiscussion(t, author, general.categoryID);
      const role = await call(t, admin, 'POST', '/api/v2/roles', {
        name: `Community managers ${String(discussion.discussionID)}`,
        permissions: [
          { type: 'global', permissions: { 'session.valid': true, 'community.manage': true } },
        ],
      });
      assert.equal(role.statusCode, 201, role.body);
      const manager = await asMember(t);
      const patched = await call(
        t,
        admin,
        'PATCH',
        `/api/v2/users/${String(manager.user.userID)}`,
        {
          roleID: [...manager.user.roleIDs, (role.json() as { roleID: number }).roleID],
        },
      );
      assert.equal(patched.statusCode, 200, patched.body);
      const changed = await call(
        t,
        manager,
        'PATCH',
        `/api/v2/discussions/${String(discussion.discussionID)}`,
        {
          insertUserID: member.user.userID,
        },
      );
      assert.equal(changed.statusCode, 200, changed.body);
      assert.equal((changed.json() as Discussion).insertUserID, member.user.userID);
    });

    test('changing the author moves the users’ counts; moving needs discussions.add in the target', async () => {
      const author = await asMember(t);
      const discussion = await postDiscussion(t, author, general.categoryID);
      const path = `/api/v2/discussions/${String(discussion.discussionID)}`;
      const newAuthor = await asMember(t);
      const changed = await call(t, admin, 'PATCH', path, { insertUserID: newAuthor.user.userID });
      assert.equal(changed.statusCode, 200, changed.body);
      assert.equal((changed.json() as Discussion).insertUserID, newAuthor.user.userID);
      assert.equal((await userCounts(t, author.user.userID)).countDiscussions, 0);
      assert.equal((await userCounts(t, newAuthor.user.userID)).countDiscussions, 1);
      const unknownUser = await call(t, admin, 'PATCH', path, { insertUserID: 999_999 });
      assert.equal(unknownUser.statusCode, 404);

      const mine = await postDiscussion(t, newAuthor, general.categoryID);
      const minePath = `/api/v2/discussions/${String(mine.discussionID)}`;
      const toHeading = await call(t, newAuthor, 'PATCH', minePath, {
        categoryID: heading.categoryID,
      });
      assert.equal(toHeading.statusCode, 403);
      const toRestricted = await call(t, newAuthor, 'PATCH', minePath, {
        categoryID: restricted.categoryID,
      });
      assert.equal(toRestricted.statusCode, 403);
      assert.equal(
        (await call(t, newAuthor, 'PATCH', minePath, { categoryID: 999_999 })).statusCode,
        404,
      );
      const target = await createCategory(t, admin, { name: 'Target', urlcode: 'target' });
      const generalBefore = await readCategory(t, admin, general.categoryID);
      const moved = await call(t, newAuthor, 'PATCH', minePath, { categoryID: target.categoryID });
      assert.equal(moved.statusCode, 200, moved.body);
      assert.equal((moved.json() as Discussion).categoryID, target.categoryID);
      assert.equal(
        (await readCategory(t, admin, general.categoryID)).countDiscussions,
        generalBefore.countDiscussions - 1,
      );
      const targetAfter = await readCategory(t, admin, target.categoryID);
      assert.equal(targetAfter.countDiscussions, 1);
      assert.equal(targetAfter.lastPost?.discussionID, mine.discussionID);
    });
  });

  describe('DELETE /discussions/{id}', () => {
    test('needs discussions.delete; removes the discussion and its counts', async () => {
      const author = await asMember(t);
      const discussion = await postDiscussion(t, author, general.categoryID);
      const commenter = await asMember(t);
      await insertComment(t, discussion.discussionID, commenter.user.userID);
      const path = `/api/v2/discussions/${String(discussion.discussionID)}`;
      const before = await readCategory(t, admin, general.categoryID);
      const parentBefore = await readCategory(t, admin, parent.categoryID);
      for (const actor of [guest, author, member]) {
        const refused = await call(t, actor, 'DELETE', path);
        assert.equal(refused.statusCode, 403);
        assert.deepEqual(refused.json(), forbidden('discussions.delete'));
      }
      const deleted = await call(t, moderator, 'DELETE', path);
      assert.equal(deleted.statusCode, 204, deleted.body);
      assert.equal(deleted.body, '');
      assert.equal((await get(moderator, path)).statusCode, 404);
      assert.equal((await call(t, moderator, 'DELETE', path)).statusCode, 404);
      const after = await readCategory(t, admin, general.categoryID);
      assert.equal(after.countDiscussions, before.countDiscussions - 1);
      assert.equal(after.countComments, before.countComments - 1);
      const parentAfter = await readCategory(t, admin, parent.categoryID);
      assert.equal(parentAfter.countAllDiscussions, parentBefore.countAllDiscussions - 1);
      assert.equal(parentAfter.countAllComments, parentBefore.countAllComments - 1);
      assert.deepEqual(await userCounts(t, author.user.userID), {
        countDiscussions: 0,
        countComments: 0,
      });
      assert.deepEqual(await userCounts(t, commenter.user.userID), {
        countDiscussions: 0,
        countComments: 0,
      });
      const comments = await t.db
        .selectFrom('comments')
        .select('commentID')
        .where('discussionID', '=', discussion.discussionID)
        .execute();
      assert.equal(comments.length, 0);
    });
  });

  describe('sub-resources', () => {
    let discussion: Discussion;
    let author: TestActor<TestUser>;
    let path: string;
    let id: string;

    before(async () => {
      author = await asMember(t);
      discussion = await postDiscussion(t, author, general.categoryID, {
        body: 'Raw *source*',
        format: 'markdown',
      });
      path = `/api/v2/discussions/${String(discussion.discussionID)}`;
      id = String(discussion.discussionID);
    });

    test('GET /edit answers the raw source to the author and editors only', async () => {
      const response = await get(author, `/api/v2/discussions/${id}/edit`);
      assert.equal(response.statusCode, 200, response.body);
      const edit = response.json() as DiscussionEdit;
      assert.equal(edit.body, 'Raw *source*');
      assert.equal(edit.format, 'markdown');
      assert.deepEqual(edit.tagIDs, []);
      assert.equal((await get(moderator, `/api/v2/discussions/${id}/edit`)).statusCode, 200);
      const other = await get(member, `/api/v2/discussions/${id}/edit`);
      assert.equal(other.statusCode, 403);
      assert.deepEqual(other.json(), forbidden('discussions.edit'));
      assert.equal((await get(guest, `/api/v2/discussions/${id}/edit`)).statusCode, 403);
      assert.equal((await get(author, '/api/v2/discussions/999999/edit')).statusCode, 404);
    });

    test('GET /quote answers bodyRaw to viewers', async () => {
      const response = await get(guest, `/api/v2/discussions/${id}/quote`);
      assert.equal(response.statusCode, 200, response.body);
      const quote = response.json() as DiscussionQuote;
      assert.equal(quote.bodyRaw, 'Raw *source*');
      assert.equal(quote.insertUser.userID, author.user.userID);
      assert.equal(quote.url, discussion.url);
      assert.equal((await get(guest, '/api/v2/discussions/999999/quote')).statusCode, 404);
      const secret = await postDiscussion(t, moderator, restricted.categoryID);
      assert.equal(
        (await get(member, `/api/v2/discussions/${String(secret.discussionID)}/quote`)).statusCode,
        403,
      );
    });

    test('bookmark, dismiss and mute are per viewer; /bookmarked lists bookmarks', async () => {
      const reader = await asMember(t);
      const bookmark = await call(t, reader, 'PUT', `/api/v2/discussions/${id}/bookmark`, {
        bookmarked: true,
      });
      assert.equal(bookmark.statusCode, 200, bookmark.body);
      assert.deepEqual(bookmark.json(), { bookmarked: true });
      const dismiss = await call(t, reader, 'PUT', `/api/v2/discussions/${id}/dismiss`, {});
      assert.deepEqual(dismiss.json(), { dismissed: true });
      const mute = await call(t, reader, 'PUT', `/api/v2/discussions/${id}/mute`, { muted: true });
      assert.deepEqual(mute.json(), { muted: true });
      const seen = (await get(reader, path)).json() as Discussion;
      assert.equal(seen.bookmarked && seen.dismissed && seen.muted, true);
      const others = (await get(member, path)).json() as Discussion;
      assert.equal(others.bookmarked || others.dismissed || others.muted, false);

      const bookmarked = await get(reader, '/api/v2/discussions/bookmarked');
      assert.equal(bookmarked.statusCode, 200, bookmarked.body);
      assert.deepEqual(
        (bookmarked.json() as Discussion[]).map((d) => d.discussionID),
        [discussion.discussionID],
      );
      assert.equal(bookmarked.headers['x-app-page-result-count'], '1');
      assert.deepEqual(await listIDs(reader, `?bookmarkUserID=${String(reader.user.userID)}`), [
        discussion.discussionID,
      ]);

      await call(t, reader, 'PUT', `/api/v2/discussions/${id}/bookmark`, { bookmarked: false });
      assert.deepEqual((await get(reader, '/api/v2/discussions/bookmarked')).json(), []);

      for (const [suffix, payload] of [
        ['bookmark', { bookmarked: true }],
        ['dismiss', { dismissed: true }],
        ['mute', { muted: true }],
      ] as const) {
        const asGuestResponse = await call(
          t,
          guest,
          'PUT',
          `/api/v2/discussions/${id}/${suffix}`,
          payload,
        );
        assert.equal(asGuestResponse.statusCode, 403);
        assert.equal(
          (await call(t, reader, 'PUT', `/api/v2/discussions/999999/${suffix}`, payload))
            .statusCode,
          404,
        );
        assert.equal(
          (
            await call(t, reader, 'PUT', `/api/v2/discussions/${id}/${suffix}`, {
              [Object.keys(payload)[0] ?? '']: 'maybe',
            })
          ).statusCode,
          422,
        );
      }
      assert.equal(
        (await call(t, reader, 'PUT', `/api/v2/discussions/${id}/bookmark`, {})).statusCode,
        400,
      );
      assert.equal((await get(guest, '/api/v2/discussions/bookmarked')).statusCode, 403);
      assert.equal((await get(reader, '/api/v2/discussions/bookmarked?page=101')).statusCode, 422);
      const secret = await postDiscussion(t, moderator, restricted.categoryID);
      assert.equal(
        (
          await call(
            t,
            reader,
            'PUT',
            `/api/v2/discussions/${String(secret.discussionID)}/bookmark`,
            { bookmarked: true },
          )
        ).statusCode,
        403,
      );
    });

    test('PATCH /bump needs curation.manage and moves dateLastComment', async () => {
      const old = await postDiscussion(t, moderator, general.categoryID);
      await t.db
        .updateTable('discussions')
        .set({ dateLastComment: '2020-01-01T00:00:00.000Z' })
        .where('discussionID', '=', old.discussionID)
        .execute();
      const bumpPath = `/api/v2/discussions/${String(old.discussionID)}/bump`;
      const refused = await call(t, member, 'PATCH', bumpPath);
      assert.equal(refused.statusCode, 403);
      assert.deepEqual(refused.json(), forbidden('curation.manage'));
      assert.equal((await call(t, guest, 'PATCH', bumpPath)).statusCode, 403);
      const bumped = await call(t, moderator, 'PATCH', bumpPath);
      assert.equal(bumped.statusCode, 200, bumped.body);
      assert.ok(
        Date.parse((bumped.json() as Discussion).dateLastComment ?? '') > Date.parse('2024-01-01'),
      );
      assert.equal(
        (await listIDs(member, `?categoryID=${String(general.categoryID)}&limit=1`))[0],
        old.discussionID,
      );
      assert.equal(
        (await call(t, moderator, 'PATCH', '/api/v2/discussions/999999/bump')).statusCode,
        404,
      );
    });

    test('PUT /type needs discussions.edit', async () => {
      const typePath = `/api/v2/discussions/${id}/type`;
      const refused = await call(t, author, 'PUT', typePath, { type: 'question' });
      assert.equal(refused.statusCode, 403);
      assert.deepEqual(refused.json(), forbidden('discussions.edit'));
      const changed = await call(t, moderator, 'PUT', typePath, { type: 'Question' });
      assert.equal(changed.statusCode, 200, changed.body);
      assert.equal((changed.json() as Discussion).type, 'question');
      assert.equal(
        (await call(t, moderator, 'PUT', typePath, { type: 'redirect' })).statusCode,
        422,
      );
      assert.equal((await call(t, moderator, 'PUT', typePath, {})).statusCode, 400);
      assert.equal(
        (await call(t, moderator, 'PUT', '/api/v2/discussions/999999/type', { type: 'idea' }))
          .statusCode,
        404,
      );
      assert.equal((await call(t, guest, 'PUT', typePath, { type: 'idea' })).statusCode, 403);
    });

    test('PUT /tags replaces and POST /tags adds the user tags', async () => {
      const created: number[] = [];
      for (const name of ['alpha', 'beta', 'gamma']) {
        const response = await call(t, admin, 'POST', '/tags', { name });
        assert.equal(response.statusCode, 201, response.body);
        created.push((response.json() as { tagID: number }).tagID);
      }
      const [alpha, beta, gamma] = created as [number, number, number];
      const tagsPath = `/api/v2/discussions/${id}/tags`;
      const replaced = await call(t, author, 'PUT', tagsPath, { tagIDs: [alpha, beta] });
      assert.equal(replaced.statusCode, 200, replaced.body);
      assert.deepEqual(
        (replaced.json() as TagFragment[]).map((tag) => tag.tagID).sort(),
        [alpha, beta].sort(),
      );
      const added = await call(t, author, 'POST', tagsPath, { urlcodes: ['gamma'] });
      assert.equal(added.statusCode, 201, added.body);
      assert.deepEqual(
        (added.json() as TagFragment[]).map((tag) => tag.tagID).sort(),
        [alpha, beta, gamma].sort(),
      );
      const shown = (await get(guest, path)).json() as Discussion;
      assert.equal(shown.tags?.length, 3);
      assert.deepEqual(await listIDs(guest, `?tagID=${String(gamma)}`), [discussion.discussionID]);
      const again = await call(t, author, 'PUT', tagsPath, { tagIDs: [gamma] });
      assert.deepEqual(
        (again.json() as TagFragment[]).map((tag) => tag.tagID),
        [gamma],
      );

      const other = await call(t, member, 'PUT', tagsPath, { tagIDs: [alpha] });
      assert.equal(other.statusCode, 403);
      assert.equal((await call(t, guest, 'POST', tagsPath, { tagIDs: [alpha] })).statusCode, 403);
      const badField = await call(t, author, 'PUT', tagsPath, { tags: ['x'] });
      assert.equal(badField.statusCode, 400, badField.body);
      assert.equal(
        (badField.json() as ErrorBody).errors?.[0]?.message,
        'tags is not a valid field. Fields must be one of: tagIDs, urlcodes.',
      );
      assert.equal((await call(t, author, 'PUT', tagsPath, { tagIDs: [999_999] })).statusCode, 404);
      assert.equal(
        (await call(t, author, 'PUT', tagsPath, { urlcodes: ['nope'] })).statusCode,
        404,
      );
      assert.equal((await call(t, author, 'PUT', tagsPath, { tagIDs: ['x'] })).statusCode, 422);
      assert.equal(
        (await call(t, author, 'PUT', '/api/v2/discussions/999999/tags', { tagIDs: [alpha] }))
          .statusCode,
        404,
      );
      await setConfig(t, admin, { 'tagging.enabled': false });
      try {
        const disabled = await call(t, author, 'PUT', tagsPath, { tagIDs: [alpha] });
        assert.equal(disabled.statusCode, 403);
        assert.equal((disabled.json() as ErrorBody).message, 'Tagging is not enabled.');
      } finally {
        await setConfig(t, admin, { 'tagging.enabled': true });
      }
    });
  });

  describe('category hooks (categories.content.ts)', () => {
    test('deleting a category with newCategoryID moves its discussions; without it deletes them', async () => {
      const doomed = await createCategory(t, admin, { name: 'Doomed', urlcode: 'doomed' });
      const heir = await createCategory(t, admin, { name: 'Heir', urlcode: 'heir' });
      const author = await asMember(t);
      const moved = await postDiscussion(t, author, doomed.categoryID);
      const moveResponse = await call(
        t,
        admin,
        'DELETE',
        `/categories/${String(doomed.categoryID)}?newCategoryID=${String(heir.categoryID)}`,
      );
      assert.equal(moveResponse.statusCode, 204, moveResponse.body);
      const shown = (
        await get(member, `/api/v2/discussions/${String(moved.discussionID)}`)
      ).json() as Discussion;
      assert.equal(shown.categoryID, heir.categoryID);
      const heirAfter = await readCategory(t, admin, heir.categoryID);
      assert.equal(heirAfter.countDiscussions, 1);
      assert.equal(heirAfter.lastPost?.discussionID, moved.discussionID);

      const commenter = await asMember(t);
      await insertComment(t, moved.discussionID, commenter.user.userID);
      const deleteResponse = await call(
        t,
        admin,
        'DELETE',
        `/categories/${String(heir.categoryID)}`,
      );
      assert.equal(deleteResponse.statusCode, 204, deleteResponse.body);
      assert.equal(
        (await get(admin, `/api/v2/discussions/${String(moved.discussionID)}`)).statusCode,
        404,
      );
      assert.deepEqual(await userCounts(t, author.user.userID), {
        countDiscussions: 0,
        countComments: 0,
      });
      assert.deepEqual(await userCounts(t, commenter.user.userID), {
        countDiscussions: 0,
        countComments: 0,
      });
    });
  });

  describe('pager totals', () => {
    // After every test above has created, moved, merged, premoderated and deleted discussions:
    // the numbered pager's total (read from the category counters when only categories narrow
    // the list) is exactly the number of discussions each viewer can page through.
    const everything = async (actor: TestActor | null, query: string) => {
      const response = await get(actor, `/api/v2/discussions?limit=100${query}`);
      assert.equal(response.statusCode, 200, response.body);
      return {
        total: Number(response.headers['x-app-page-result-count']),
        rows: (response.json() as Discussion[]).length,
      };
    };

    test('equal the discussions each viewer can see, with and without category filters', async () => {
      for (const actor of [guest, member, moderator, admin]) {
        for (const query of [
          '',
          `&categoryID=${String(general.categoryID)}`,
          `&categoryID=${String(parent.categoryID)}&includeChildCategories=true`,
          `&excludedCategoryIDs=${String(general.categoryID)}`,
          '&hasComments=true',
        ]) {
          const { total, rows } = await everything(actor, query);
          assert.equal(total, rows, `${String(actor?.user?.name ?? 'guest')} ${query}`);
        }
      }
      const forAdmin = await everything(admin, '');
      const forGuest = await everything(guest, '');
      assert.ok(
        forAdmin.total > forGuest.total,
        'the staff-only discussions count for the admin only',
      );
    });

    test('follow a new discussion and its deletion', async () => {
      const before = await everything(guest, '');
      const posted = await postDiscussion(t, member, general.categoryID, { name: 'Counted' });
      assert.equal((await everything(guest, '')).total, before.total + 1);
      const removed = await call(t, admin, 'DELETE', `/discussions/${String(posted.discussionID)}`);
      assert.equal(removed.statusCode, 204, removed.body);
      assert.equal((await everything(guest, '')).total, before.total);
    });
  });
});
