import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isConnectionLost, isSessionEnded } from './pg-errors.ts';

// Issue 11 item 5: a pg pool or client without an 'error' listener turns a connection the database
// ends into an uncaught exception. Every one made in this repository goes through guardPool or
// guardClient.

const root = path.resolve(import.meta.dirname, '../../../..');

function sourceFiles(directory: string): string[] {
  const absolute = path.join(root, directory);
  if (!fs.existsSync(absolute)) return [];
  return fs
    .readdirSync(absolute, { withFileTypes: true, recursive: true })
    .filter(
      (entry) =>
        entry.isFile() &&
        /\.(ts|tsx|js|mjs)$/.test(entry.name) &&
        !entry.parentPath.includes('node_modules'),
    )
    .map((entry) => path.join(entry.parentPath, entry.name));
}

test('every pg pool and client made in the repository has an error listener', () => {
  const unguarded: string[] = [];
  for (const file of ['server', 'scripts', 'bench', 'e2e', 'common'].flatMap(sourceFiles)) {
    const text = fs.readFileSync(file, 'utf8');
    for (const match of text.matchAll(/new pg\.(Pool|Client)\(/g)) {
      const before = text.slice(Math.max(0, match.index - 12), match.index);
      if (!/guard(Pool|Client)\($/.test(before))
        unguarded.push(`${path.relative(root, file)}: ${match[0]}`);
    }
  }
  assert.deepEqual(
    unguarded,
    [],
    'wrap it: guardPool(new pg.Pool(…)) or guardClient(new pg.Client(…))',
  );
});

test('which errors mean the connection ended before the statement ran', () => {
  assert.equal(
    isSessionEnded(
      Object.assign(new Error('terminating connection due to administrator command'), {
        code: '57P01',
      }),
    ),
    true,
  );
  assert.equal(
    isSessionEnded(new Error('Client has encountered a connection error and is not queryable')),
    true,
  );
  assert.equal(isSessionEnded(Object.assign(new Error('duplicate key'), { code: '23505' })), false);
  assert.equal(isConnectionLost(new Error('Connection terminated unexpectedly')), true);
  assert.equal(
    isConnectionLost(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })),
    true,
  );
  assert.equal(isConnectionLost(new Error('syntax error')), false);
});
