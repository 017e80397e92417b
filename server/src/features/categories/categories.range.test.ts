import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  categoryListQuerySchema,
  parseRangeExpression,
} from '../../../../common/src/api/categories.ts';

void test('range expressions of api-contract §1.5', () => {
  assert.deepEqual(parseRangeExpression('1,5,9'), { kind: 'values', values: [1, 5, 9] });
  assert.deepEqual(parseRangeExpression('7'), { kind: 'values', values: [7] });
  assert.deepEqual(parseRangeExpression('=7'), { kind: 'values', values: [7] });
  assert.deepEqual(parseRangeExpression(['3', '4']), { kind: 'values', values: [3, 4] });
  assert.deepEqual(parseRangeExpression('10..20'), {
    kind: 'range',
    min: { value: 10, inclusive: true },
    max: { value: 20, inclusive: true },
  });
  assert.deepEqual(parseRangeExpression('10..'), {
    kind: 'range',
    min: { value: 10, inclusive: true },
    max: undefined,
  });
  assert.deepEqual(parseRangeExpression('..20'), {
    kind: 'range',
    min: undefined,
    max: { value: 20, inclusive: true },
  });
  assert.deepEqual(parseRangeExpression('(1,5]'), {
    kind: 'range',
    min: { value: 1, inclusive: false },
    max: { value: 5, inclusive: true },
  });
  assert.deepEqual(parseRangeExpression('>=10'), {
    kind: 'range',
    min: { value: 10, inclusive: true },
  });
  assert.deepEqual(parseRangeExpression('<3'), {
    kind: 'range',
    max: { value: 3, inclusive: false },
  });
});

void test('malformed range expressions are refused', () => {
  for (const value of ['', 'abc', '1,,2', '..', '1..2..3', '[1,2', '>x', '1.5']) {
    assert.equal(parseRangeExpression(value), null, value);
  }
  assert.equal(parseRangeExpression([]), null);
});

void test('the list query allows only one of categoryID, parentCategoryID, parentCategoryCode', () => {
  const result = categoryListQuerySchema.safeParse({ categoryID: '1', parentCategoryCode: 'x' });
  assert.equal(result.success, false);
  const ok = categoryListQuerySchema.safeParse({ categoryID: '1..3', expand: 'all' });
  assert.equal(ok.success, true);
});
