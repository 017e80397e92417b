import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { expandParam, readExpand } from './common.ts';

describe('expand (contract §1.7)', () => {
  const parse = (value: unknown) => expandParam(['a', 'b']).parse(value);

  it('parses CSV, bracket and true/1 forms into one set', () => {
    assert.deepEqual([...parse('a,b')], ['a', 'b']);
    assert.deepEqual([...parse(['a', 'b'])], ['a', 'b']);
    assert.deepEqual([...parse({ 0: 'a', 1: 'b' })], ['a', 'b']);
    assert.deepEqual([...parse('true')], ['all']);
    assert.deepEqual([...parse('1')], ['all']);
    assert.deepEqual([...parse(undefined)], []);
  });

  it('readExpand: named expansions on when listed or with all; defaults on unless minus', () => {
    assert.deepEqual(readExpand(new Set(['a']), ['a', 'b'], ['body']), {
      a: true,
      b: false,
      body: true,
    });
    assert.deepEqual(readExpand(new Set(['all']), ['a', 'b'], ['body']), {
      a: true,
      b: true,
      body: true,
    });
    assert.deepEqual(readExpand(new Set(['all', '-body']), ['a'], ['body']), {
      a: true,
      body: false,
    });
    assert.deepEqual(readExpand(undefined, ['a'], ['body']), { a: false, body: true });
  });
});
