import { test } from 'node:test';
import assert from 'node:assert/strict';
import qs from 'qs';
import { parseQueryString } from './query-string.ts';

const reference = (value: string) => qs.parse(value, { depth: 3, arrayLimit: 500, parameterLimit: 200 });

test('answers what qs answers, for plain query strings and every other kind', () => {
  const samples = [
    '',
    'limit=30',
    'discussionID=4&limit=30',
    'expand=all&limit=30&page=2',
    'expand=insertUser,lastPost&categoryID=1,2,3',
    'a=&b=1',
    'a=1&a=2',
    'a',
    'a=1&&b=2',
    '=1',
    'a.b=1',
    'toString=1',
    'hasOwnProperty=x&limit=3',
    '__proto__=1',
    'constructor=1&a=2',
    'a[]=1&a[]=2',
    'a[b][c]=1',
    'name=hello+world',
    'name=%C3%A9t%C3%A9&x=%zz',
    'dateInserted=%3E2024-01-01',
    'x=a=b',
    'x=1;y=2',
    '?limit=3',
    Array.from({ length: 25 }, (_unused, index) => `p${String(index)}=${String(index)}`).join('&'),
  ];
  // Generated strings from a small alphabet that includes what qs treats specially.
  const alphabet = ['a', 'b', '1', '=', '&', '[', ']', '%', '2', '0', '+', '.', ',', '-', '_', 'x'];
  let seed = 7;
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed;
  };
  for (let index = 0; index < 3000; index += 1) {
    const length = next() % 14;
    samples.push(Array.from({ length }, () => alphabet[next() % alphabet.length]).join(''));
  }
  for (const sample of samples) {
    const parsed = parseQueryString(sample);
    assert.deepEqual(parsed, reference(sample), sample);
    assert.equal(Object.getPrototypeOf(parsed), Object.getPrototypeOf(reference(sample)), sample);
  }
});
