import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { NodeSqliteDatabase } from './node-sqlite.ts';

// Issue 18 (WORKERS): several processes share one SQLite file. A transaction takes the write lock
// when it begins, so a second writer waits (busy_timeout) instead of failing mid-transaction.
test('a transaction holds the write lock from its begin: another connection cannot write meanwhile', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-sqlite-'));
  const file = path.join(dir, 'hearth.db');
  const first = new NodeSqliteDatabase(file);
  const second = new NodeSqliteDatabase(file);
  try {
    first.raw.exec('create table things (id integer primary key)');
    second.raw.exec('PRAGMA busy_timeout = 0');
    // What Kysely's SqliteDriver sends to open a transaction.
    first.prepare('begin').run([]);
    assert.throws(() => second.raw.exec('insert into things (id) values (1)'), /locked|busy/i);
    // Readers are not blocked (WAL).
    assert.deepEqual(second.prepare('select count(*) as n from things').all([]).map((row) => ({ ...(row as object) })), [{ n: 0 }]);
    first.prepare('commit').run([]);
    second.raw.exec('insert into things (id) values (1)');
    assert.equal(first.raw.prepare('pragma journal_mode').get()?.journal_mode, 'wal');
  } finally {
    first.close();
    second.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
