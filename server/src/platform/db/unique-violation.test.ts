import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isUniqueViolation } from './dialect.ts';

// The one unique-violation test of both databases (issue 12: it replaced copies in the auth,
// categories and tags repositories).
const cases: [label: string, error: unknown, unique: boolean][] = [
  ['PostgreSQL SQLSTATE 23505', Object.assign(new Error('duplicate key'), { code: '23505' }), true],
  ['PostgreSQL another SQLSTATE', Object.assign(new Error('fk'), { code: '23503' }), false],
  [
    'node:sqlite SQLITE_CONSTRAINT_UNIQUE',
    Object.assign(new Error('constraint'), { errcode: 2067 }),
    true,
  ],
  ['node:sqlite message only', new Error('UNIQUE constraint failed: tags.name'), true],
  [
    'SQLite NOT NULL',
    Object.assign(new Error('NOT NULL constraint failed'), { errcode: 1299 }),
    false,
  ],
  ['a plain object with the code', { code: '23505', message: 'duplicate' }, true],
  ['not an error', 'UNIQUE constraint failed', false],
  ['null', null, false],
];

for (const [label, error, unique] of cases) {
  void test(`isUniqueViolation: ${label}`, () => {
    assert.equal(isUniqueViolation(error), unique);
  });
}
