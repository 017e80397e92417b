import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { testDialect } from '../../../test/harness.ts';
import type { Tag } from '../../../../common/src/api/tags.ts';
import { postTestDiscussion } from '../reactions/reactions.test-support.ts';
import { type ErrorBody, useTagsFixture } from './tags.api-fixture.ts';

describe(`tags API: create, patch, delete (${testDialect})`, () => {
  const fx = useTagsFixture();
  const { unique, call, createTag, tagDiscussion } = fx;
  let t: typeof fx.t;
  let admin: typeof fx.admin;
  let member: typeof fx.member;
  let moderator: typeof fx.moderator;
  let guest: typeof fx.guest;
  before(() => {
    ({ t, admin, member, moderator, guest } = fx);
  });

  describe('POST /tags', () => {
    test('an administrator creates a tag: slug of the name, both urlcode casings, absolute url', async () => {
      const response = await call(admin, 'POST', '/api/v2/tags', { name: 'Getting Started' });
      assert.equal(response.statusCode, 201, response.body);
      const tag = response.json() as Tag;
      assert.equal(tag.name, 'Getting Started');
      assert.equal(tag.urlcode, 'getting-started');
      assert.equal(tag.urlCode, 'getting-started');
      assert.equal(tag.type, 'User');
      assert.equal(tag.parentTagID, null);
      assert.equal(tag.countDiscussions, 0);
      assert.equal(tag.url, `http://hearth.test/discussions?tagID=${String(tag.tagID)}`);
    });

    test('a given urlcode and parent are kept', async () => {
      const parent = await createTag({ name: unique('Parent') });
      const child = await createTag({
        name: 'Child One',
        urlcode: 'child-1',
        parentTagID: parent.tagID,
      });
      assert.equal(child.urlcode, 'child-1');
      assert.equal(child.parentTagID, parent.tagID);
    });

    test('a user tag may share its code with a reaction type (Like)', async () => {
      const tag = await createTag({ name: 'like' });
      assert.equal(tag.type, 'User');
      assert.equal(tag.urlcode, 'like');
    });

    test('409 for a name already in use, whatever its case', async () => {
      await createTag({ name: 'Billing' });
      for (const body of [{ name: 'billing' }, { name: 'Other', urlcode: 'BILLING' }]) {
        const response = await call(admin, 'POST', '/api/v2/tags', body);
        assert.equal(response.statusCode, 409, response.body);
        assert.equal(
          (response.json() as ErrorBody).message,
          'A tag with this name already exists.',
        );
      }
    });

    test('409 for the reserved Reaction type', async () => {
      const response = await call(admin, 'POST', '/api/v2/tags', {
        name: unique('Sneaky'),
        type: 'reaction',
      });
      assert.equal(response.statusCode, 409);
    });

    test('400 for an unknown parent', async () => {
      const response = await call(admin, 'POST', '/api/v2/tags', {
        name: unique('Orphan'),
        parentTagID: 999999,
      });
      assert.equal(response.statusCode, 400);
      assert.equal((response.json() as ErrorBody).message, 'Parent tag not found.');
    });

    test('422 for a missing, empty, too long or unsluggable name and a bad urlcode', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{}, 'name'],
        [{ name: '   ' }, 'name'],
        [{ name: 'x'.repeat(101) }, 'name'],
        [{ name: '!!!' }, 'name'],
        [{ name: unique('Spaces'), urlcode: 'has spaces' }, 'urlcode'],
        [{ name: unique('Parent'), parentTagID: 'x' }, 'parentTagID'],
      ];
      for (const [body, field] of cases) {
        const response = await call(admin, 'POST', '/api/v2/tags', body);
        assert.ok(
          [400, 422].includes(response.statusCode),
          `${JSON.stringify(body)}: ${response.body}`,
        );
        assert.equal((response.json() as ErrorBody).errors?.[0]?.field, field, response.body);
      }
    });

    test('403 for guests, members and moderators (community.manage)', async () => {
      for (const actor of [guest, member, moderator]) {
        const response = await call(actor, 'POST', '/api/v2/tags', { name: unique('Nope') });
        assert.equal(response.statusCode, 403);
        assert.deepEqual((response.json() as ErrorBody).permissions, ['community.manage']);
      }
    });
  });

  describe('PATCH /tags/{id}', () => {
    test('an administrator renames a tag and changes its code and parent', async () => {
      const parent = await createTag({ name: unique('Patch parent') });
      const tag = await createTag({ name: unique('Before') });
      const response = await call(admin, 'PATCH', `/api/v2/tags/${String(tag.tagID)}`, {
        name: 'After Rename',
        urlcode: 'after-rename',
        parentTagID: parent.tagID,
      });
      assert.equal(response.statusCode, 200, response.body);
      const patched = response.json() as Tag;
      assert.equal(patched.name, 'After Rename');
      assert.equal(patched.urlcode, 'after-rename');
      assert.equal(patched.parentTagID, parent.tagID);
      const cleared = await call(admin, 'PATCH', `/api/v2/tags/${String(tag.tagID)}`, {
        parentTagID: null,
      });
      assert.equal((cleared.json() as Tag).parentTagID, null);
    });

    test('409 for a name taken by another tag, 400 for itself as parent', async () => {
      const first = await createTag({ name: unique('Taken') });
      const second = await createTag({ name: unique('Free') });
      const response = await call(admin, 'PATCH', `/api/v2/tags/${String(second.tagID)}`, {
        name: first.name.toUpperCase(),
      });
      assert.equal(response.statusCode, 409);
      const self = await call(admin, 'PATCH', `/api/v2/tags/${String(second.tagID)}`, {
        parentTagID: second.tagID,
      });
      assert.equal(self.statusCode, 400);
    });

    test('409 for a reaction tag', async () => {
      const [like] = (
        await call(admin, 'GET', '/api/v2/tags?type=Reaction&query=like')
      ).json() as Tag[];
      assert.ok(like);
      const response = await call(admin, 'PATCH', `/api/v2/tags/${String(like.tagID)}`, {
        name: 'Love',
      });
      assert.equal(response.statusCode, 409);
    });

    test('422 for a bad name, 404 unknown, 403 for guests, members and moderators', async () => {
      const tag = await createTag({ name: unique('Guarded') });
      const bad = await call(admin, 'PATCH', `/api/v2/tags/${String(tag.tagID)}`, {
        name: 'x'.repeat(101),
      });
      assert.equal(bad.statusCode, 422);
      assert.equal((bad.json() as ErrorBody).errors?.[0]?.field, 'name');
      assert.equal(
        (await call(admin, 'PATCH', '/api/v2/tags/999999', { name: 'x' })).statusCode,
        404,
      );
      for (const actor of [guest, member, moderator]) {
        const response = await call(actor, 'PATCH', `/api/v2/tags/${String(tag.tagID)}`, {
          name: 'Mine',
        });
        assert.equal(response.statusCode, 403);
      }
      assert.equal(
        ((await call(guest, 'GET', `/api/v2/tags/${String(tag.tagID)}`)).json() as Tag).name,
        tag.name,
      );
    });
  });

  describe('DELETE /tags/{id}', () => {
    test('an administrator deletes an unused tag', async () => {
      const tag = await createTag({ name: unique('Doomed') });
      const response = await call(admin, 'DELETE', `/api/v2/tags/${String(tag.tagID)}`);
      assert.equal(response.statusCode, 204);
      assert.equal((await call(guest, 'GET', `/api/v2/tags/${String(tag.tagID)}`)).statusCode, 404);
    });

    test('409 while it has children, is used by a discussion, or is a reaction tag', async () => {
      const parent = await createTag({ name: unique('Has kids') });
      await createTag({ name: unique('Kid'), parentTagID: parent.tagID });
      const withChild = await call(admin, 'DELETE', `/api/v2/tags/${String(parent.tagID)}`);
      assert.equal(withChild.statusCode, 409);
      assert.equal(
        (withChild.json() as ErrorBody).message,
        'You cannot delete tags that have associated child tags.',
      );

      const used = await createTag({ name: unique('In use') });
      const discussionID = await postTestDiscussion(t, admin);
      await tagDiscussion(member.user, discussionID, { tagIDs: [used.tagID] });
      const inUse = await call(admin, 'DELETE', `/api/v2/tags/${String(used.tagID)}`);
      assert.equal(inUse.statusCode, 409);
      assert.equal(
        (inUse.json() as ErrorBody).message,
        'You cannot delete tags that have associated discussions.',
      );

      const [up] = (
        await call(admin, 'GET', '/api/v2/tags?type=Reaction&query=vote up')
      ).json() as Tag[];
      assert.ok(up);
      const reserved = await call(admin, 'DELETE', `/api/v2/tags/${String(up.tagID)}`);
      assert.equal(reserved.statusCode, 409);
      assert.equal((reserved.json() as ErrorBody).message, 'You cannot delete a reserved tag.');
    });

    test('404 unknown, 403 for guests, members and moderators', async () => {
      assert.equal((await call(admin, 'DELETE', '/api/v2/tags/999999')).statusCode, 404);
      const tag = await createTag({ name: unique('Kept') });
      for (const actor of [guest, member, moderator]) {
        assert.equal(
          (await call(actor, 'DELETE', `/api/v2/tags/${String(tag.tagID)}`)).statusCode,
          403,
        );
      }
      assert.equal((await call(guest, 'GET', `/api/v2/tags/${String(tag.tagID)}`)).statusCode, 200);
    });
  });
});
