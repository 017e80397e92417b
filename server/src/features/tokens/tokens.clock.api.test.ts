import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { testDialect } from '../../../test/harness.ts';
import { asAdmin, inject } from '../../../test/actors.ts';
import { createTestClock } from '../../../test/clock.ts';
import { useTestApp } from '../../../test/fixture.ts';
import { TOKEN_LIFETIME_SECONDS } from './tokens.service.ts';

// Access tokens follow the request's clock (ctx.clock): their dates are the clock's, and one
// expires when the clock passes its ten-year lifetime, without waiting.

const apiDate = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, '+00:00');

describe(`access tokens follow the request's clock (${testDialect})`, () => {
  const clock = createTestClock(Date.parse('2031-03-04T05:06:07.000Z'));
  const fx = useTestApp(async () => ({}), {}, { clock: clock.now });

  test("a token's dates are the clock's, and it stops working once the clock passes dateExpires", async () => {
    const owner = await asAdmin(fx.t);
    const created = await inject(fx.t, owner, { method: 'POST', url: '/api/v2/tokens', payload: { name: 'Bot', transientKey: owner.transientKey } });
    assert.equal(created.statusCode, 201, created.body);
    const token = created.json() as { accessTokenID: number; accessToken: string; dateInserted: string };
    assert.equal(token.dateInserted, apiDate(clock.now()));
    const asBearer = () =>
      fx.t.app.inject({ method: 'GET', url: '/api/v2/sessions?userID=$me', headers: { authorization: `Bearer ${token.accessToken}` } });
    assert.equal((await asBearer()).statusCode, 200);

    clock.advance(TOKEN_LIFETIME_SECONDS * 1000 - 1000);
    assert.equal((await asBearer()).statusCode, 200, 'still valid a second before dateExpires');
    const used = await fx.t.db.selectFrom('accessTokens').select('dateLastUsed').where('accessTokenID', '=', token.accessTokenID).executeTakeFirstOrThrow();
    assert.equal(used.dateLastUsed === null ? null : new Date(used.dateLastUsed).getTime(), clock.now(), 'the last use is the clock\'s time');

    clock.advance(2000);
    const expired = await asBearer();
    assert.equal(expired.statusCode, 403, 'an expired token makes a guest');
    assert.match(String(expired.headers['x-www-authenticate']), /invalid_token/);
  });
});
