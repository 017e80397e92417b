import { test } from 'node:test';
import assert from 'node:assert/strict';
import { enableRequestLoader, loadManyOnce, loadOnce } from './request-loader.ts';

test('loadOnce shares a load within a request that enabled the loader, and only there', async () => {
  let loads = 0;
  const load = async () => ++loads;
  const write = {};
  assert.equal(await loadOnce(write, 'types', load), 1);
  assert.equal(await loadOnce(write, 'types', load), 2, 'no loader: every call loads');
  const read = {};
  enableRequestLoader(read);
  assert.equal(await loadOnce(read, 'types', load), 3);
  assert.equal(await loadOnce(read, 'types', load), 3, 'the same request: one load');
  const other = {};
  enableRequestLoader(other);
  assert.equal(await loadOnce(other, 'types', load), 4, 'another request loads its own');
});

test('a failed load is not kept', async () => {
  const ctx = {};
  enableRequestLoader(ctx);
  await assert.rejects(loadOnce(ctx, 'k', () => Promise.reject(new Error('down'))));
  assert.equal(await loadOnce(ctx, 'k', async () => 'up'), 'up');
});

test('loadManyOnce loads only the IDs the request has not loaded, in one call', async () => {
  const calls: number[][] = [];
  const loadMissing = async (ids: number[]) => {
    calls.push(ids);
    return new Map(ids.filter((id) => id !== 404).map((id) => [id, `category ${String(id)}`]));
  };
  const ctx = {};
  enableRequestLoader(ctx);
  assert.deepEqual([...(await loadManyOnce(ctx, 'category', [1, 2, 2], loadMissing))], [[1, 'category 1'], [2, 'category 2']]);
  assert.deepEqual([...(await loadManyOnce(ctx, 'category', [2, 3, 404], loadMissing))], [[2, 'category 2'], [3, 'category 3']]);
  assert.deepEqual(calls, [[1, 2], [3, 404]]);
  assert.deepEqual([...(await loadManyOnce({}, 'category', [1], loadMissing))], [[1, 'category 1']]);
  assert.equal(calls.length, 3, 'without a loader it loads');
});
