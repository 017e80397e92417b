import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { testDialect } from '../../../test/harness.ts';
import type { ReactionType } from '../../../../common/src/api/reactions.ts';
import { type ErrorBody, useReactionsFixture } from './reactions.api-fixture.ts';

describe(`reactions API: reaction types (${testDialect})`, () => {
  const fx = useReactionsFixture();
  const { call, newDiscussion, reactTo, countsOf } = fx;
  let admin: typeof fx.admin;
  let member: typeof fx.member;
  let moderator: typeof fx.moderator;
  let guest: typeof fx.guest;
  before(() => {
    ({ admin, member, moderator, guest } = fx);
  });

  describe('reaction types', () => {
    test('GET /reactions lists the thirteen types for signed-in users; 403 for guests', async () => {
      const response = await call(member, 'GET', '/api/v2/reactions');
      assert.equal(response.statusCode, 200);
      const types = response.json() as ReactionType[];
      assert.deepEqual(types.map((type) => type.urlCode).sort(), [
        'Agree',
        'Awesome',
        'Disagree',
        'Dislike',
        'Down',
        'Insightful',
        'Like',
        'Lol',
        'OffTopic',
        'Promote',
        'Support',
        'Up',
        'Wtf',
      ]);
      const up = types.find((type) => type.urlCode === 'Up');
      assert.equal(up?.class, 'Positive');
      assert.equal(up?.reactionValue, 1);
      assert.equal(types.find((type) => type.urlCode === 'Down')?.reactionValue, -1);
      assert.equal(types.find((type) => type.urlCode === 'Wtf')?.class, 'Negative');
      assert.equal((await call(guest, 'GET', '/api/v2/reactions')).statusCode, 403);
    });

    test('GET /reactions/{urlCode}: case-insensitive, 404 unknown, 403 guest', async () => {
      const response = await call(member, 'GET', '/api/v2/reactions/promote');
      assert.equal(response.statusCode, 200);
      const promote = response.json() as ReactionType;
      assert.equal(promote.urlcode, 'Promote');
      assert.deepEqual(promote.attributes, { permission: 'curation.manage' });
      const missing = await call(member, 'GET', '/api/v2/reactions/Nope');
      assert.equal(missing.statusCode, 404);
      assert.equal((missing.json() as ErrorBody).message, 'Reaction type Nope not found.');
      assert.equal((await call(guest, 'GET', '/api/v2/reactions/Up')).statusCode, 403);
    });

    test('PATCH /reactions/{urlCode}: community.manage changes a type; an inactive type cannot be used', async () => {
      const response = await call(admin, 'PATCH', '/api/v2/reactions/Support', {
        name: 'Hugs',
        description: 'Warm support.',
        points: 2,
        active: false,
      });
      assert.equal(response.statusCode, 200, response.body);
      const support = response.json() as ReactionType;
      assert.deepEqual(
        [support.name, support.description, support.points, support.active],
        ['Hugs', 'Warm support.', 2, false],
      );
      const discussionID = await newDiscussion();
      const inactive = await call(
        member,
        'POST',
        `/api/v2/discussions/${String(discussionID)}/reactions`,
        {
          reactionType: 'Support',
        },
      );
      assert.equal(inactive.statusCode, 404);
      await call(admin, 'PATCH', '/api/v2/reactions/Support', { name: 'Support', active: true });
      assert.deepEqual(countsOf(await reactTo(member, discussionID, 'Support')), { Support: 1 });
    });

    test('PATCH: 403 for guests, members and moderators, 404 unknown, 422 bad class', async () => {
      for (const actor of [guest, member, moderator]) {
        const response = await call(actor, 'PATCH', '/api/v2/reactions/Like', { name: 'Mine' });
        assert.equal(response.statusCode, 403);
      }
      assert.equal(
        (await call(admin, 'PATCH', '/api/v2/reactions/Nope', { name: 'X' })).statusCode,
        404,
      );
      const bad = await call(admin, 'PATCH', '/api/v2/reactions/Like', { class: 'Neutral' });
      assert.equal(bad.statusCode, 422);
      assert.equal((bad.json() as ErrorBody).errors?.[0]?.field, 'class');
      const like = (await call(member, 'GET', '/api/v2/reactions/Like')).json() as ReactionType;
      assert.equal(like.name, 'Like');
    });
  });
});
