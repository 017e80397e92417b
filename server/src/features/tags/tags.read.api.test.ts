import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { testDialect } from '../../../test/harness.ts';
import { type TestActor } from '../../../test/actors.ts';
import type { Tag } from '../../../../common/src/api/tags.ts';
import { postTestDiscussion } from '../reactions/reactions.test-support.ts';
import { type ErrorBody, useTagsFixture } from './tags.api-fixture.ts';

describe(`tags API: reads (${testDialect})`, () => {
  const fx = useTagsFixture();
  const { unique, call, createTag, tagDiscussion } = fx;
  let t: typeof fx.t;
  let admin: typeof fx.admin;
  let member: typeof fx.member;
  let guest: typeof fx.guest;
  before(() => {
    ({ t, admin, member, guest } = fx);
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
});
