import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { CompiledQuery } from 'kysely';
import { inlinePostgresParameters, isRetryableTransactionError } from './transaction.ts';

const compiled = (sql: string, parameters: unknown[]) => CompiledQuery.raw(sql, parameters);

describe('inlinePostgresParameters', () => {
  test('writes integers (parenthesised, so `- -1` is no comment), null, booleans and ISO dates', () => {
    assert.equal(
      inlinePostgresParameters(
        compiled(
          'update "t" set "n" = "n" - $1, "b" = $2, "d" = $3, "x" = $4 where "id" in ($5, $6)',
          [-1, true, '2026-11-22T03:44:42.515Z', null, 7, 8],
        ),
      ),
      `update "t" set "n" = "n" - (-1), "b" = true, "d" = '2026-11-22T03:44:42.515Z', "x" = null where "id" in ((7), (8))`,
    );
  });

  test('$10 is the tenth parameter, not the first followed by 0', () => {
    const parameters = Array.from({ length: 10 }, (_, index) => index + 1);
    const sql = parameters.map((_, index) => `$${String(index + 1)}`).join(', ');
    assert.equal(
      inlinePostgresParameters(compiled(`select ${sql}`, parameters)),
      'select (1), (2), (3), (4), (5), (6), (7), (8), (9), (10)',
    );
  });

  test('refuses anything that could carry SQL: other strings, fractions, objects, quotes in the text', () => {
    for (const value of [
      "x'; drop table users; --",
      '2026-11-22 03:44:42',
      1.5,
      2 ** 60,
      {},
      undefined,
    ]) {
      assert.equal(
        inlinePostgresParameters(compiled('select $1', [value])),
        undefined,
        String(value),
      );
    }
    assert.equal(inlinePostgresParameters(compiled("select 'a', $1", [1])), undefined);
    assert.equal(
      inlinePostgresParameters(compiled('select $2', [1])),
      undefined,
      'a missing parameter',
    );
  });
});

describe('isRetryableTransactionError', () => {
  test('deadlocks and serialization failures only', () => {
    assert.equal(
      isRetryableTransactionError(Object.assign(new Error('x'), { code: '40P01' })),
      true,
    );
    assert.equal(
      isRetryableTransactionError(Object.assign(new Error('x'), { code: '40001' })),
      true,
    );
    assert.equal(
      isRetryableTransactionError(Object.assign(new Error('x'), { code: '23505' })),
      false,
    );
    assert.equal(isRetryableTransactionError(new Error('x')), false);
    assert.equal(isRetryableTransactionError(null), false);
  });
});
