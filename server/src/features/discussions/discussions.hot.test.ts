import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { computeHot } from './discussions.hot.ts';

describe('computeHot', () => {
  const at = '2026-01-01T00:00:00.000Z';
  const base = Date.parse(at) / 1000;

  it('is the activity time when the score is 0, 1 or -1', () => {
    assert.equal(computeHot(0, at), base);
    assert.equal(computeHot(1, at), base);
    assert.equal(computeHot(-1, at), base);
  });

  it('ranks ten net votes like 12.5 hours of newer activity', () => {
    assert.equal(computeHot(10, at), base + 45_000);
    assert.equal(computeHot(-10, at), base - 45_000);
  });

  it('orders a newer discussion above an older one with the same score', () => {
    assert.ok(computeHot(5, '2026-01-02T00:00:00.000Z') > computeHot(5, at));
  });
});
