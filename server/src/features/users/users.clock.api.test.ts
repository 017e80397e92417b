import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { testDialect } from '../../../test/harness.ts';
import { asMember, inject } from '../../../test/actors.ts';
import { createTestClock } from '../../../test/clock.ts';
import { useTestApp } from '../../../test/fixture.ts';
import { makeActors } from '../../../test/factories.ts';
import type { User } from '../../../../common/src/api/users.ts';

// Profile edits take their dates from the request's clock (ctx.clock).

const DAY = 24 * 60 * 60 * 1000;
const apiDate = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, '+00:00');

describe(`profile edits follow the request's clock (${testDialect})`, () => {
  const clock = createTestClock(Date.parse('2031-03-04T05:06:07.000Z'));
  const fx = useTestApp(async (t) => ({ ...(await makeActors(t)) }), {}, { clock: clock.now });

  test("an administrator's edit of a profile sets dateUpdated to the clock's time", async () => {
    const member = await asMember(fx.t);
    clock.advance(3 * DAY);
    const url = `/api/v2/users/${String(member.user.userID)}`;
    const edited = await inject(fx.t, fx.admin, { method: 'PATCH', url, payload: { title: 'Regular' } });
    assert.equal(edited.statusCode, 200, edited.body);
    const read = await inject(fx.t, fx.admin, { method: 'GET', url });
    assert.equal((read.json() as User).dateUpdated, apiDate(clock.now()));
  });
});
