import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseDateFilter, parseRangeFilter, parseUserRef } from './users.ts';

const day = (date: string) => `${date}T00:00:00.000Z`;

const dateCases: [string, ReturnType<typeof parseDateFilter>][] = [
  [
    '2024-03-05',
    [
      { op: '>=', value: day('2024-03-05') },
      { op: '<', value: day('2024-03-06') },
    ],
  ],
  [
    '=2024-03-05',
    [
      { op: '>=', value: day('2024-03-05') },
      { op: '<', value: day('2024-03-06') },
    ],
  ],
  ['>2024-03-05', [{ op: '>=', value: day('2024-03-06') }]],
  ['>=2024-03-05', [{ op: '>=', value: day('2024-03-05') }]],
  ['<2024-03-05', [{ op: '<', value: day('2024-03-05') }]],
  ['<=2024-03-05', [{ op: '<', value: day('2024-03-06') }]],
  [
    '[2024-01-01,2024-02-01]',
    [
      { op: '>=', value: day('2024-01-01') },
      { op: '<', value: day('2024-02-02') },
    ],
  ],
  [
    '(2024-01-01,2024-02-01)',
    [
      { op: '>=', value: day('2024-01-02') },
      { op: '<', value: day('2024-02-01') },
    ],
  ],
  ['>2024-03-05T10:00:00Z', [{ op: '>', value: '2024-03-05T10:00:00.000Z' }]],
  ['2024-03-05T10:00:00+02:00', [{ op: '=', value: '2024-03-05T08:00:00.000Z' }]],
  // A `+` sent unencoded in a query string arrives as a space.
  ['<2024-03-05T10:00:00 00:00', [{ op: '<', value: '2024-03-05T10:00:00.000Z' }]],
  [
    '[2024-01-01T00:00:00Z,2024-01-02T00:00:00Z)',
    [
      { op: '>=', value: '2024-01-01T00:00:00.000Z' },
      { op: '<', value: '2024-01-02T00:00:00.000Z' },
    ],
  ],
  ['yesterday', null],
  ['2024-02-30', null],
  ['>>2024-01-01', null],
  ['[2024-01-01]', null],
  ['[2024-01-01,]', null],
  ['', null],
];

for (const [expression, expected] of dateCases) {
  void test(`parseDateFilter(${JSON.stringify(expression)})`, () => {
    assert.deepEqual(parseDateFilter(expression), expected);
  });
}

const rangeCases: [string, ReturnType<typeof parseRangeFilter>][] = [
  ['7', { kind: 'in', values: [7] }],
  ['1,5,9', { kind: 'in', values: [1, 5, 9] }],
  [
    '10..20',
    {
      kind: 'range',
      conditions: [
        { op: '>=', value: 10 },
        { op: '<=', value: 20 },
      ],
    },
  ],
  ['10..', { kind: 'range', conditions: [{ op: '>=', value: 10 }] }],
  ['..20', { kind: 'range', conditions: [{ op: '<=', value: 20 }] }],
  [
    '(1,5]',
    {
      kind: 'range',
      conditions: [
        { op: '>', value: 1 },
        { op: '<=', value: 5 },
      ],
    },
  ],
  ['>10', { kind: 'range', conditions: [{ op: '>', value: 10 }] }],
  ['<=3', { kind: 'range', conditions: [{ op: '<=', value: 3 }] }],
  ['..', null],
  ['1..x', null],
  ['a,b', null],
  ['1,,2', null],
  ['', null],
];

for (const [expression, expected] of rangeCases) {
  void test(`parseRangeFilter(${JSON.stringify(expression)})`, () => {
    assert.deepEqual(parseRangeFilter(expression), expected);
  });
}

void test('parseUserRef: IDs and smart IDs', () => {
  assert.deepEqual(parseUserRef('12'), { kind: 'id', userID: 12 });
  assert.deepEqual(parseUserRef('$me'), { kind: 'me' });
  assert.deepEqual(parseUserRef('$name:Ann Lee'), { kind: 'name', name: 'Ann Lee' });
  assert.deepEqual(parseUserRef('$email:ann@example.test'), {
    kind: 'email',
    email: 'ann@example.test',
  });
  for (const bad of [
    '0',
    '-1',
    '1.5',
    'abc',
    '$name:',
    '$email:',
    '$foo:bar',
    '9999999999999999',
    '',
  ]) {
    assert.equal(parseUserRef(bad), null, bad);
  }
});
