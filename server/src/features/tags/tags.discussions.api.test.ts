import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { testDialect } from '../../../test/harness.ts';
import { asUser } from '../../../test/actors.ts';
import type { Tag } from '../../../../common/src/api/tags.ts';
import { invalidateSettings } from '../config/config.service.ts';
import { postTestDiscussion } from '../reactions/reactions.test-support.ts';
import { loadDiscussionTags, releaseDiscussionTags } from './tags.service.ts';
import { useTagsFixture } from './tags.api-fixture.ts';

describe(`tags API: a discussion's tags (${testDialect})`, () => {
  const fx = useTagsFixture();
  const { unique, call, createTag, tagDiscussion, countOf } = fx;
  let t: typeof fx.t;
  let admin: typeof fx.admin;
  let member: typeof fx.member;
  before(() => {
    ({ t, admin, member } = fx);
  });

  describe('setDiscussionTags / loadDiscussionTags', () => {
    test('replaces the user tags and keeps every countDiscussions right', async () => {
      const one = await createTag({ name: unique('One') });
      const two = await createTag({ name: unique('Two') });
      const three = await createTag({ name: unique('Three') });
      const discussionID = await postTestDiscussion(t, admin);
      const first = await tagDiscussion(member.user, discussionID, {
        tagIDs: [one.tagID, two.tagID],
      });
      assert.deepEqual(first.map((tag) => tag.tagID).sort(), [one.tagID, two.tagID].sort());
      assert.deepEqual([await countOf(one.tagID), await countOf(two.tagID)], [1, 1]);

      const second = await tagDiscussion(member.user, discussionID, {
        tagIDs: [two.tagID, three.tagID],
      });
      assert.deepEqual(second.map((tag) => tag.tagID).sort(), [two.tagID, three.tagID].sort());
      assert.deepEqual(
        [await countOf(one.tagID), await countOf(two.tagID), await countOf(three.tagID)],
        [0, 1, 1],
      );

      const loaded = await loadDiscussionTags(t.db, [discussionID, 999999]);
      assert.deepEqual(loaded.get(discussionID), second);
      assert.deepEqual(loaded.get(999999), []);

      await tagDiscussion(member.user, discussionID, { tagIDs: [] });
      assert.deepEqual(await countOf(two.tagID), 0);
    });

    test('new tag names create tags or reuse one of the same name; without tagIDs the others stay', async () => {
      const existing = await createTag({ name: unique('Existing') });
      const discussionID = await postTestDiscussion(t, admin);
      await tagDiscussion(member.user, discussionID, { tagIDs: [existing.tagID] });
      const name = unique('Brand New');
      const tags = await tagDiscussion(member.user, discussionID, {
        newTagNames: [name, existing.name.toUpperCase(), name.toLowerCase()],
      });
      assert.equal(tags.length, 2);
      const created = tags.find((tag) => tag.name === name);
      assert.ok(created, 'the new tag was created');
      assert.equal(created.type, 'User');
      assert.equal(await countOf(created.tagID), 1);
      assert.equal(await countOf(existing.tagID), 1);
    });

    test('409 above 5 tags, 404 for an unknown tag, 409 for a reaction tag', async () => {
      const discussionID = await postTestDiscussion(t, admin);
      const ids: number[] = [];
      for (let index = 0; index < 6; index += 1)
        ids.push((await createTag({ name: unique('Many') })).tagID);
      await assert.rejects(tagDiscussion(member.user, discussionID, { tagIDs: ids }), {
        statusCode: 409,
        message: 'You cannot add more than 5 tags to a discussion',
      });
      await assert.rejects(
        tagDiscussion(member.user, discussionID, {
          tagIDs: ids.slice(0, 5),
          newTagNames: [unique('Sixth')],
        }),
        { statusCode: 409 },
      );
      await assert.rejects(tagDiscussion(member.user, discussionID, { tagIDs: [999999] }), {
        statusCode: 404,
        message: 'Tag not found.',
      });
      const [like] = (
        await call(admin, 'GET', '/api/v2/tags?type=Reaction&query=like')
      ).json() as Tag[];
      assert.ok(like);
      await assert.rejects(tagDiscussion(member.user, discussionID, { tagIDs: [like.tagID] }), {
        statusCode: 409,
      });
      assert.deepEqual((await loadDiscussionTags(t.db, [discussionID])).get(discussionID), []);
    });

    test('new names need tags.add (403); existing tags do not', async () => {
      const unconfirmed = await asUser(t, { roleTypes: ['unconfirmed'] });
      const tag = await createTag({ name: unique('Allowed') });
      const discussionID = await postTestDiscussion(t, admin);
      await assert.rejects(
        tagDiscussion(unconfirmed.user, discussionID, { newTagNames: [unique('Forbidden')] }),
        { statusCode: 403, message: 'Permission Problem' },
      );
      const tags = await tagDiscussion(unconfirmed.user, discussionID, { tagIDs: [tag.tagID] });
      assert.deepEqual(
        tags.map((item) => item.tagID),
        [tag.tagID],
      );
    });

    test('403 "Tagging is not enabled." when tagging.enabled is off', async () => {
      const discussionID = await postTestDiscussion(t, admin);
      const off = await call(admin, 'PATCH', '/api/v2/config', { 'tagging.enabled': false });
      assert.ok(off.statusCode < 300, off.body);
      invalidateSettings(t.db);
      try {
        await assert.rejects(tagDiscussion(member.user, discussionID, { tagIDs: [] }), {
          statusCode: 403,
          message: 'Tagging is not enabled.',
        });
      } finally {
        await call(admin, 'PATCH', '/api/v2/config', { 'tagging.enabled': true });
        invalidateSettings(t.db);
      }
    });

    test('releaseDiscussionTags detaches and recounts before a discussion is deleted', async () => {
      const tag = await createTag({ name: unique('Released') });
      const discussionID = await postTestDiscussion(t, admin);
      await tagDiscussion(member.user, discussionID, { tagIDs: [tag.tagID] });
      assert.equal(await countOf(tag.tagID), 1);
      await t.db.transaction().execute((trx) => releaseDiscussionTags(trx, [discussionID]));
      assert.equal(await countOf(tag.tagID), 0);
      assert.equal(
        (await call(admin, 'DELETE', `/api/v2/tags/${String(tag.tagID)}`)).statusCode,
        204,
      );
    });
  });
});
