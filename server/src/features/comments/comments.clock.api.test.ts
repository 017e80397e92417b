import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { testDialect } from '../../../test/harness.ts';
import { asMember, inject, type TestActor } from '../../../test/actors.ts';
import { createTestClock } from '../../../test/clock.ts';
import { useTestApp } from '../../../test/fixture.ts';
import { makeActors, makeCategory, makeDiscussion, rich2 } from '../../../test/factories.ts';
import type { Comment } from '../../../../common/src/api/comments.ts';

// The request's clock (ctx.clock), not the machine's, decides comment flood control and an
// edit's dateUpdated: the test moves the clock instead of sleeping.

const SECOND = 1000;
const DAY = 24 * 60 * 60 * SECOND;
const apiDate = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, '+00:00');

describe(`comments follow the request's clock (${testDialect})`, () => {
  const clock = createTestClock(Date.parse('2031-03-04T05:06:07.000Z'));
  const fx = useTestApp(async (t) => {
    const actors = await makeActors(t);
    const category = await makeCategory(t);
    const discussion = await makeDiscussion(t, { categoryID: category.categoryID });
    return { ...actors, discussionID: discussion.discussionID };
  }, {}, { clock: clock.now });

  const comment = (actor: TestActor, text: string) =>
    inject(fx.t, actor, {
      method: 'POST',
      url: '/api/v2/comments',
      payload: { body: rich2(text), format: 'rich2', discussionID: fx.discussionID },
    });

  test('flood control lifts once the clock passes the lock, without waiting', async () => {
    const patched = await inject(fx.t, fx.admin, {
      method: 'PATCH',
      url: '/api/v2/config',
      payload: { 'floodControl.comments.count': 2, 'floodControl.comments.seconds': 60, 'floodControl.comments.lockSeconds': 120 },
    });
    assert.ok(patched.statusCode < 300, patched.body);
    try {
      const flooder = await asMember(fx.t);
      assert.equal((await comment(flooder, 'One')).statusCode, 201);
      assert.equal((await comment(flooder, 'Two')).statusCode, 201);
      const blocked = await comment(flooder, 'Three');
      assert.equal(blocked.statusCode, 429, blocked.body);
      assert.equal(blocked.headers['retry-after'], '120');

      clock.advance(119 * SECOND);
      assert.equal((await comment(flooder, 'Still locked')).statusCode, 429, 'the lock holds until 120 s have passed');

      clock.advance(2 * SECOND);
      const after = await comment(flooder, 'After the lock');
      assert.equal(after.statusCode, 201, after.body);
      assert.equal((after.json() as Comment).dateInserted, apiDate(clock.now()));
    } finally {
      await inject(fx.t, fx.admin, { method: 'PATCH', url: '/api/v2/config', payload: { 'floodControl.comments.count': 5 } });
    }
  });

  test("an edit's dateUpdated is the request clock's time", async () => {
    const created = await comment(fx.admin, 'To edit');
    assert.equal(created.statusCode, 201, created.body);
    const { commentID } = created.json() as Comment;
    clock.advance(3 * DAY);
    const edited = await inject(fx.t, fx.admin, {
      method: 'PATCH',
      url: `/api/v2/comments/${String(commentID)}`,
      payload: { body: rich2('Edited three days later'), format: 'rich2' },
    });
    assert.equal(edited.statusCode, 200, edited.body);
    assert.equal((edited.json() as Comment).dateUpdated, apiDate(clock.now()));
  });

  test("the author's edit window (ui.editContentTimeout 3600 s) closes on the request's clock", async () => {
    const author = await asMember(fx.t);
    const created = await comment(author, 'Mine to edit');
    assert.equal(created.statusCode, 201, created.body);
    const url = `/api/v2/comments/${String((created.json() as Comment).commentID)}`;
    const edit = (text: string) => inject(fx.t, author, { method: 'PATCH', url, payload: { body: rich2(text), format: 'rich2' } });
    clock.advance(3599 * SECOND);
    assert.equal((await edit('Just in time')).statusCode, 200);
    clock.advance(2 * SECOND);
    const late = await edit('Too late');
    assert.equal(late.statusCode, 400, late.body);
    assert.equal((late.json() as { message: string }).message, 'Editing comments is not allowed..');
  });
});
