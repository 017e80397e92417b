import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { testDialect, type TestApp } from '../../../test/harness.ts';
import { asMember, type TestActor, type TestUser } from '../../../test/actors.ts';
import type { Category } from '../../../../common/src/api/categories.ts';
import type { Discussion } from '../../../../common/src/api/discussions.ts';
import {
  call,
  postDiscussion,
  readCategory,
  setConfig,
  userCounts,
  forbidden,
  listIDs,
  setUpDiscussionsApi,
} from './discussions.test-support.ts';
import type { ErrorBody } from '../../../test/factories.ts';

describe(`discussions API: create (${testDialect})`, () => {
  let t: TestApp;
  let admin: TestActor<TestUser>;
  let moderator: TestActor<TestUser>;
  let member: TestActor<TestUser>;
  let guest: TestActor<null>;
  let parent: Category;
  let general: Category;
  let restricted: Category;
  let heading: Category;

  before(async () => {
    ({ t, admin, moderator, member, guest, parent, general, restricted, heading } =
      await setUpDiscussionsApi());
  });
  after(async () => {
    await t.close();
  });
  const get = async (actor: TestActor | null, path: string) => call(t, actor, 'GET', path);

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
      await setConfig(t, admin, {
        'premoderation.discussions': true,
        'premoderation.categoryIDs': [general.categoryID],
      });
      try {
        const response = await call(t, author, 'POST', '/api/v2/discussions', {
          name: 'Waiting',
          body: 'For approval',
          format: 'text',
          categoryID: general.categoryID,
        });
        assert.equal(response.statusCode, 202, response.body);
        const answer = response.json() as { reportID: number };
        assert.deepEqual(answer, {
          message: 'Your discussion will appear after it is approved.',
          status: 202,
          reportID: answer.reportID,
        });
        assert.ok(answer.reportID > 0);
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
          !(
            await listIDs(t, admin, `?categoryID=${String(general.categoryID)}&limit=100`)
          ).includes(row.discussionID),
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
        await setConfig(t, admin, {
          'premoderation.discussions': false,
          'premoderation.categoryIDs': [],
        });
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
});
