import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { brotliDecompressSync } from 'node:zlib';
import { GuestCache, preferredEncoding } from './guest-cache.ts';

function answer(text: string) {
  return {
    status: 200,
    headers: [['content-type', 'application/json']] as const,
    body: Buffer.from(text),
  };
}

describe('GuestCache', () => {
  test('serves an entry until it is ttl old', () => {
    let now = 1_000;
    const cache = new GuestCache({ ttlMs: 5_000, now: () => now });
    assert.equal(cache.store('/a', cache.begin(), answer('one')), true);
    now += 4_999;
    assert.equal(cache.lookup('/a')?.body.toString(), 'one');
    now += 1;
    assert.equal(cache.lookup('/a'), undefined);
    assert.equal(cache.size, 0);
  });

  test('a read that began before a write never stores its answer', () => {
    const cache = new GuestCache({ ttlMs: 5_000 });
    const epoch = cache.begin();
    cache.invalidate();
    assert.equal(cache.store('/a', epoch, answer('stale')), false);
    assert.equal(cache.lookup('/a'), undefined);
  });

  test('invalidate forgets everything', () => {
    const cache = new GuestCache({ ttlMs: 5_000 });
    cache.store('/a', cache.begin(), answer('a'));
    cache.store('/b', cache.begin(), answer('b'));
    cache.invalidate();
    assert.equal(cache.lookup('/a'), undefined);
    assert.equal(cache.lookup('/b'), undefined);
    assert.equal(cache.bytes, 0);
  });

  test('keeps within its byte bound, dropping the oldest first', () => {
    const cache = new GuestCache({ ttlMs: 5_000, maxBytes: 800 });
    for (const key of ['/1', '/2', '/3']) cache.store(key, cache.begin(), answer('x'.repeat(90)));
    for (let index = 4; index <= 12; index += 1)
      cache.store(`/${String(index)}`, cache.begin(), answer('x'.repeat(90)));
    assert.ok(cache.bytes <= 800);
    assert.equal(cache.lookup('/1'), undefined);
    assert.ok(cache.lookup('/12'));
  });

  test('off when ttl is 0', () => {
    const cache = new GuestCache({ ttlMs: 0 });
    assert.equal(cache.enabled, false);
    assert.equal(cache.store('/a', cache.begin(), answer('a')), false);
  });

  test('compresses a large body once per encoding and counts its bytes', () => {
    const cache = new GuestCache({ ttlMs: 5_000 });
    const text = JSON.stringify(
      Array.from({ length: 200 }, (_, index) => ({ index, name: 'a discussion' })),
    );
    cache.store('/big', cache.begin(), answer(text));
    const entry = cache.lookup('/big')!;
    const first = cache.variant('/big', entry, 'br');
    assert.equal(first.encoding, 'br');
    assert.equal(brotliDecompressSync(first.body).toString(), text);
    assert.equal(cache.variant('/big', entry, 'br').body, first.body);
    assert.equal(cache.bytes, text.length + first.body.length);
    const small = answer('tiny');
    cache.store('/small', cache.begin(), small);
    assert.equal(cache.variant('/small', cache.lookup('/small')!, 'br').encoding, 'identity');
  });
});

describe('preferredEncoding', () => {
  test('brotli, then gzip, honouring q=0', () => {
    assert.equal(preferredEncoding('gzip, deflate, br'), 'br');
    assert.equal(preferredEncoding('gzip'), 'gzip');
    assert.equal(preferredEncoding('br;q=0, gzip'), 'gzip');
    assert.equal(preferredEncoding('*'), 'br');
    assert.equal(preferredEncoding('identity'), 'identity');
    assert.equal(preferredEncoding(undefined), 'identity');
  });
});

const tagged = (text: string, tags?: string[]) => ({
  status: 200,
  headers: [],
  body: Buffer.from(text),
  viewDiscussionID: undefined,
  tags,
});

describe('GuestCache scopes', () => {
  test('a change removes the answers tagged with what it names and every list, nothing else', () => {
    const cache = new GuestCache({ ttlMs: 60_000 });
    cache.store('/discussion/1', cache.begin(), tagged('one', ['d:1']));
    cache.store('/discussion/2', cache.begin(), tagged('two', ['d:2']));
    cache.store('/categories/5', cache.begin(), tagged('five', ['c:5']));
    cache.store('/categories/6', cache.begin(), tagged('six', ['c:6']));
    cache.store('/discussions', cache.begin(), tagged('list'));
    cache.invalidate({ discussionIDs: [1], categoryIDs: [5] });
    assert.equal(cache.lookup('/discussion/1'), undefined);
    assert.equal(cache.lookup('/categories/5'), undefined);
    assert.equal(cache.lookup('/discussions'), undefined);
    assert.equal(cache.lookup('/discussion/2')?.body.toString(), 'two');
    assert.equal(cache.lookup('/categories/6')?.body.toString(), 'six');
    cache.invalidate();
    assert.equal(cache.size, 0);
  });

  test('a read begun before a change to its scope never stores; one of another scope does', () => {
    const cache = new GuestCache({ ttlMs: 60_000 });
    const before = cache.begin();
    cache.invalidate({ discussionIDs: [1] });
    assert.equal(cache.store('/discussion/1', before, tagged('stale', ['d:1'])), false);
    assert.equal(cache.store('/discussions', before, tagged('stale list')), false);
    assert.equal(cache.store('/discussion/2', before, tagged('two', ['d:2'])), true);
    assert.equal(cache.store('/discussion/1', cache.begin(), tagged('fresh', ['d:1'])), true);
    const beforeAll = cache.begin();
    cache.invalidate();
    assert.equal(cache.store('/discussion/3', beforeAll, tagged('three', ['d:3'])), false);
  });

  test('scope epochs stay bounded: past the bound, reads begun earlier do not store', () => {
    const cache = new GuestCache({ ttlMs: 60_000 });
    const early = cache.begin();
    for (let id = 0; id <= 10_001; id += 1) cache.invalidate({ discussionIDs: [id] });
    assert.equal(cache.store('/discussion/999999', early, tagged('x', ['d:999999'])), false);
    assert.equal(cache.store('/discussion/999999', cache.begin(), tagged('x', ['d:999999'])), true);
  });

  test("a write is told to the other processes; another process's write empties this cache without echo (issue 18)", () => {
    const told: unknown[] = [];
    const cache = new GuestCache({ ttlMs: 60_000, onInvalidate: (change) => told.push(change) });
    cache.store('/discussion/3', cache.begin(), tagged('three', ['d:3']));
    cache.store('/discussion/4', cache.begin(), tagged('four', ['d:4']));
    const readingBefore = cache.begin();
    cache.invalidateFromPeer({ discussionIDs: [3] });
    assert.equal(cache.lookup('/discussion/3'), undefined);
    assert.equal(cache.lookup('/discussion/4')?.body.toString(), 'four');
    assert.equal(cache.store('/discussion/3', readingBefore, tagged('stale', ['d:3'])), false);
    assert.deepEqual(told, []);
    cache.invalidate({ categoryIDs: [1] });
    assert.deepEqual(told, [{ categoryIDs: [1] }]);
  });
});
