import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { testDialect } from '../../../test/harness.ts';
import { asMember, inject, type TestActor } from '../../../test/actors.ts';
import { createTestClock } from '../../../test/clock.ts';
import { useTestApp } from '../../../test/fixture.ts';
import { makeActors, makeCategory, rich2 } from '../../../test/factories.ts';
import type { Discussion } from '../../../../common/src/api/discussions.ts';

// The request's clock (ctx.clock), not the machine's, decides discussion flood control and an
// edit's dateUpdated: the test moves the clock instead of sleeping.

const SECOND = 1000;
const DAY = 24 * 60 * 60 * SECOND;

describe(`discussions follow the request's clock (${testDialect})`, () => {
  const clock = createTestClock(Date.parse('2031-03-04T05:06:07.000Z'));
  const fx = useTestApp(async (t) => ({ ...(await makeActors(t)), category: await makeCategory(t) }), {}, { clock: clock.now });

  const post = (actor: TestActor, name: string) =>
    inject(fx.t, actor, {
      method: 'POST',
      url: '/api/v2/discussions',
      payload: { name, body: rich2('Hello'), format: 'rich2', categoryID: fx.category.categoryID },
    });

  test('flood control lifts once the clock passes the lock, without waiting', async () => {
    const patched = await inject(fx.t, fx.admin, {
      method: 'PATCH',
      url: '/api/v2/config',
      payload: { 'floodControl.discussions.count': 2, 'floodControl.discussions.seconds': 60, 'floodControl.discussions.lockSeconds': 120 },
    });
    assert.ok(patched.statusCode < 300, patched.body);
    try {
      const flooder = await asMember(fx.t);
      assert.equal((await post(flooder, 'One')).statusCode, 201);
      assert.equal((await post(flooder, 'Two')).statusCode, 201);
      const blocked = await post(flooder, 'Three');
      assert.equal(blocked.statusCode, 429, blocked.body);
      assert.equal(blocked.headers['retry-after'], '120');

      clock.advance(119 * SECOND);
      assert.equal((await post(flooder, 'Still locked')).statusCode, 429, 'the lock holds until 120 s have passed');

      clock.advance(2 * SECOND);
      const after = await post(flooder, 'After the lock');
      assert.equal(after.statusCode, 201, after.body);
      assert.equal((after.json() as Discussion).dateInserted, new Date(clock.now()).toISOString().replace(/\.\d{3}Z$/, '+00:00'));
    } finally {
      await inject(fx.t, fx.admin, { method: 'PATCH', url: '/api/v2/config', payload: { 'floodControl.discussions.count': 3 } });
    }
  });

  test("an edit's dateUpdated is the request clock's time", async () => {
    const created = await post(fx.admin, 'To edit');
    assert.equal(created.statusCode, 201, created.body);
    const { discussionID } = created.json() as Discussion;
    clock.advance(3 * DAY);
    const edited = await inject(fx.t, fx.admin, {
      method: 'PATCH',
      url: `/api/v2/discussions/${String(discussionID)}`,
      payload: { name: 'Edited three days later' },
    });
    assert.equal(edited.statusCode, 200, edited.body);
    const expected = new Date(clock.now()).toISOString().replace(/\.\d{3}Z$/, '+00:00');
    assert.equal((edited.json() as Discussion).dateUpdated, expected);
    const read = await inject(fx.t, fx.admin, { method: 'GET', url: `/api/v2/discussions/${String(discussionID)}` });
    assert.equal((read.json() as Discussion).dateUpdated, expected);
  });

  test("the author's edit window (ui.editContentTimeout 3600 s) closes on the request's clock", async () => {
    const author = await asMember(fx.t);
    const created = await post(author, 'Mine to edit');
    assert.equal(created.statusCode, 201, created.body);
    const url = `/api/v2/discussions/${String((created.json() as Discussion).discussionID)}`;
    clock.advance(3599 * SECOND);
    assert.equal((await inject(fx.t, author, { method: 'PATCH', url, payload: { name: 'Just in time' } })).statusCode, 200);
    clock.advance(2 * SECOND);
    const late = await inject(fx.t, author, { method: 'PATCH', url, payload: { name: 'Too late' } });
    assert.equal(late.statusCode, 400, late.body);
    assert.equal((late.json() as { message: string }).message, 'Editing discussions is not allowed.');
    const read = await inject(fx.t, author, { method: 'GET', url });
    assert.equal((read.json() as Discussion).name, 'Just in time');
  });
});
