import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { testDialect, type TestApp } from '../../../test/harness.ts';
import { asMember, type TestActor, type TestUser } from '../../../test/actors.ts';
import type { Category } from '../../../../common/src/api/categories.ts';
import type {
  Discussion,
  DiscussionEdit,
  DiscussionQuote,
} from '../../../../common/src/api/discussions.ts';
import type { TagFragment } from '../../../../common/src/api/tags.ts';
import { recordDiscussionView } from './discussions.read.ts';
import {
  call,
  insertComment,
  postDiscussion,
  setConfig,
  contextFor,
  forbidden,
  listIDs,
  setUpDiscussionsApi,
} from './discussions.test-support.ts';
import type { ErrorBody } from '../../../test/factories.ts';
import { flushDiscussionViews } from './discussions.views.ts';

describe(`discussions API: reads and per-viewer state (${testDialect})`, () => {
  let t: TestApp;
  let admin: TestActor<TestUser>;
  let moderator: TestActor<TestUser>;
  let member: TestActor<TestUser>;
  let guest: TestActor<null>;
  let general: Category;
  let restricted: Category;

  before(async () => {
    ({ t, admin, moderator, member, guest, general, restricted } = await setUpDiscussionsApi());
  });
  after(async () => {
    await t.close();
  });
  const get = async (actor: TestActor | null, path: string) => call(t, actor, 'GET', path);

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
      await recordDiscussionView(await contextFor(t, reader), discussion.discussionID, 1);
      const partly = (await get(reader, path)).json() as Discussion;
      assert.equal(partly.unread, true);
      assert.equal(partly.countUnread, 1);
      assert.ok(partly.dateLastViewed);
      await recordDiscussionView(await contextFor(t, reader), discussion.discussionID, 2);
      await recordDiscussionView(await contextFor(t, reader), discussion.discussionID, 0);
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
      assert.deepEqual(await listIDs(t, reader, `?bookmarkUserID=${String(reader.user.userID)}`), [
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
        (await listIDs(t, member, `?categoryID=${String(general.categoryID)}&limit=1`))[0],
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
      assert.deepEqual(await listIDs(t, guest, `?tagID=${String(gamma)}`), [
        discussion.discussionID,
      ]);
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
});
