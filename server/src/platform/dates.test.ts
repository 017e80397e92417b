import assert from 'node:assert/strict';
import { test } from 'node:test';
import { toApiDate } from './dates.ts';

test('toApiDate: the API form of stored dates, Date objects and other ISO forms', () => {
  assert.equal(toApiDate('2026-11-27T23:52:59.123Z'), '2026-11-27T23:52:59+00:00');
  assert.equal(toApiDate(new Date('2026-11-27T23:52:59.123Z')), '2026-11-27T23:52:59+00:00');
  // Not the stored form: parsed and printed in UTC.
  assert.equal(toApiDate('2026-11-27T23:52:59Z'), '2026-11-27T23:52:59+00:00');
  assert.equal(toApiDate('2026-11-28T01:52:59.000+02:00'), '2026-11-27T23:52:59+00:00');
  assert.equal(toApiDate('2026-11-27 23:52:59'), new Date('2026-11-27 23:52:59').toISOString().replace(/\.\d{3}Z$/, '+00:00'));
  assert.equal(toApiDate('2026-12-31T24:00:00.000Z'), '2027-01-01T00:00:00+00:00');
  assert.equal(toApiDate(null), null);
  assert.equal(toApiDate(undefined), null);
  assert.throws(() => toApiDate('not a date'), RangeError);
});
