import { test } from 'node:test';
import assert from 'node:assert/strict';
import { RETRY_BASE_MS, RETRY_MAX_MS, retryDelayMs } from './backoff.ts';

test('retries wait twice as long each time, with half of the wait random, up to an hour', () => {
  assert.equal(retryDelayMs(1, () => 0), RETRY_BASE_MS / 2);
  assert.equal(retryDelayMs(1, () => 1), RETRY_BASE_MS);
  assert.equal(retryDelayMs(2, () => 0), RETRY_BASE_MS);
  assert.equal(retryDelayMs(3, () => 0.5), RETRY_BASE_MS * 4 * 0.75);
  assert.equal(retryDelayMs(40, () => 1), RETRY_MAX_MS);
  const spread = new Set(Array.from({ length: 20 }, () => retryDelayMs(4)));
  assert.ok(spread.size > 1, 'jitter spreads jobs that failed together');
});
