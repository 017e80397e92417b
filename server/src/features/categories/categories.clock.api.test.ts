import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { testDialect } from '../../../test/harness.ts';
import { asMember, inject } from '../../../test/actors.ts';
import { createTestClock } from '../../../test/clock.ts';
import { useTestApp } from '../../../test/fixture.ts';
import { makeActors, makeCategory } from '../../../test/factories.ts';
import type { Category } from '../../../../common/src/api/categories.ts';

// Category follows take their dates from the request's clock (ctx.clock).

const DAY = 24 * 60 * 60 * 1000;
const apiDate = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, '+00:00');

describe(`category follows follow the request's clock (${testDialect})`, () => {
  const clock = createTestClock(Date.parse('2031-03-04T05:06:07.000Z'));
  const fx = useTestApp(async (t) => ({ ...(await makeActors(t)), category: await makeCategory(t) }), {}, { clock: clock.now });

  test("a follow's dateFollowed is the clock's time", async () => {
    const follower = await asMember(fx.t);
    clock.advance(2 * DAY);
    const url = `/api/v2/categories/${String(fx.category.categoryID)}`;
    const followed = await inject(fx.t, follower, { method: 'PUT', url: `${url}/follow`, payload: { followed: true } });
    assert.equal(followed.statusCode, 200, followed.body);
    const read = await inject(fx.t, follower, { method: 'GET', url });
    assert.equal((read.json() as Category).dateFollowed, apiDate(clock.now()));
  });
});
