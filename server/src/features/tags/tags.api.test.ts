import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, testDialect, type TestApp } from '../../../test/harness.ts';
import {
  asAdmin,
  asGuest,
  asMember,
  asModerator,
  asUser,
  inject,
  type TestActor,
  type TestUser,
} from '../../../test/actors.ts';
import type { Tag, TagFragment } from '../../../../common/src/api/tags.ts';
import type { RequestContext } from '../../http/context.ts';
import { loadPermissionSet } from '../../permissions/permission-set.ts';
import { invalidateSettings } from '../config/config.service.ts';
import { postTestDiscussion } from '../reactions/reactions.test-support.ts';
import { loadDiscussionTags, releaseDiscussionTags, setDiscussionTags } from './tags.service.ts';

interface ErrorBody {
  message: string;
  status: number;
  description?: string;
  permissions?: string[];
  errors?: { field: string; code: string; message: string; status: number }[];
}

describe(`tags API (${testDialect})`, () => {
  let t: TestApp;
  let admin: TestActor<TestUser>;
  let member: TestActor<TestUser>;
  let moderator: TestActor<TestUser>;
  let guest: TestActor<null>;
  let sequence = 0;

  const unique = (prefix: string) => {
    sequence += 1;
    return `${prefix} ${String(sequence)}`;
  };

  const call = (
    actor: TestActor | null,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
  ) =>
    inject(t, actor, {
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  const createTag = async (body: Record<string, unknown>): Promise<Tag> => {
    const response = await call(admin, 'POST', '/api/v2/tags', body);
    assert.equal(response.statusCode, 201, response.body);
    return response.json() as Tag;
  };

  const contextOf = async (user: TestUser): Promise<RequestContext> => ({
    ...t.app.deps,
    actor: {
      userID: user.userID,
      via: 'session',
      sessionID: null,
      transientKey: null,
      csrfFailed: false,
      banned: false,
    },
    permissions: await loadPermissionSet(t.db, user.userID),
    ipAddress: '127.0.0.1',
    userAgent: null,
  });

  const tagDiscussion = async (
    user: TestUser,
    discussionID: number,
    input: { tagIDs?: number[]; newTagNames?: string[] },
  ): Promise<TagFragment[]> => {
    const ctx = await contextOf(user);
    return t.db.transaction().execute((trx) => setDiscussionTags(trx, ctx, discussionID, input));
  };

  const countOf = async (tagID: number): Promise<number> =>
    ((await call(admin, 'GET', `/api/v2/tags/${String(tagID)}`)).json() as Tag).countDiscussions;

  before(async () => {
    t = await createTestApp();
    admin = await asAdmin(t);
    member = await asMember(t);
    moderator = await asModerator(t);
    guest = await asGuest(t);
  });
  after(async () => {
    await t.close();
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

  describe('GET /tags', () => {
    let alpha: Tag;
    let beta: Tag;
    let gamma: Tag;

    before(async () => {
      alpha = await createTag({ name: 'Zeta Alpha' });
      beta = await createTag({ name: 'zeta Beta', parentTagID: alpha.tagID });
      gamma = await createTag({ name: 'Zeta Gamma', type: 'Status' });
      const discussionID = await postTestDiscussion(t, admin);
      await tagDiscussion(member.user, discussionID, { tagIDs: [beta.tagID] });
    });

    const list = async (actor: TestActor | null, query: string): Promise<Tag[]> => {
      const response = await call(actor, 'GET', `/api/v2/tags${query}`);
      assert.equal(response.statusCode, 200, response.body);
      assert.equal(response.headers['x-app-page-current'], undefined, 'no paging headers');
      return response.json() as Tag[];
    };

    test('anyone finds tags by a case-insensitive part of the name', async () => {
      const tags = await list(guest, '?query=ZETA&sort=name');
      assert.deepEqual(
        tags.map((tag) => tag.name),
        ['Zeta Alpha', 'zeta Beta', 'Zeta Gamma'],
      );
      assert.equal(tags[0]?.urlCode, tags[0]?.urlcode);
    });

    test('reaction tags are left out unless asked for by type', async () => {
      const all = await list(member, '?limit=500');
      assert.ok(all.every((tag) => tag.type !== 'Reaction'));
      const reactions = await list(member, '?type=Reaction&limit=50');
      assert.equal(reactions.length, 13);
      assert.ok(reactions.some((tag) => tag.urlcode === 'Like'));
    });

    test('filters: type, tagID, parentID, excludeNoCountDiscussion', async () => {
      assert.deepEqual(
        (await list(guest, '?query=zeta&type=status')).map((tag) => tag.tagID),
        [gamma.tagID],
      );
      assert.deepEqual(
        (await list(guest, `?tagID=${String(alpha.tagID)},${String(gamma.tagID)}&sort=tagID`)).map(
          (tag) => tag.tagID,
        ),
        [alpha.tagID, gamma.tagID],
      );
      assert.deepEqual(
        (await list(guest, `?parentID[]=${String(alpha.tagID)}`)).map((tag) => tag.tagID),
        [beta.tagID],
      );
      const used = await list(guest, '?query=zeta&excludeNoCountDiscussion=true');
      assert.deepEqual(
        used.map((tag) => [tag.tagID, tag.countDiscussions]),
        [[beta.tagID, 1]],
      );
    });

    test('sort and paging', async () => {
      const byCount = await list(guest, '?query=zeta&sort=-countDiscussions');
      assert.equal(byCount[0]?.tagID, beta.tagID);
      const descending = await list(guest, '?query=zeta&sort=-name&limit=2&page=1');
      assert.deepEqual(
        descending.map((tag) => tag.name),
        ['Zeta Gamma', 'zeta Beta'],
      );
      const second = await list(guest, '?query=zeta&sort=-name&limit=2&page=2');
      assert.deepEqual(
        second.map((tag) => tag.name),
        ['Zeta Alpha'],
      );
    });

    test('422 for a bad limit, page or sort', async () => {
      for (const query of ['?limit=0', '?page=0', '?sort=popularity', '?tagID=abc']) {
        const response = await call(guest, 'GET', `/api/v2/tags${query}`);
        assert.equal(response.statusCode, 422, `${query}: ${response.body}`);
      }
    });
  });

  describe('GET /tags/{id}', () => {
    test('200 for anyone, 404 for an unknown tag', async () => {
      const tag = await createTag({ name: unique('Single') });
      const response = await call(guest, 'GET', `/api/v2/tags/${String(tag.tagID)}`);
      assert.equal(response.statusCode, 200);
      assert.deepEqual(response.json(), tag);
      const missing = await call(guest, 'GET', '/api/v2/tags/999999');
      assert.equal(missing.statusCode, 404);
      assert.equal((missing.json() as ErrorBody).message, 'Tag not found.');
      assert.equal((await call(guest, 'GET', '/api/v2/tags/abc')).statusCode, 422);
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
