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

// Issue 18: rows are built by a per-statement object literal (one hidden class per statement)
// from node:sqlite's value arrays; they hold the same names and values as node:sqlite's objects.
test('rows carry every column by name, the last of duplicate names, in column order', () => {
  const database = new NodeSqliteDatabase(':memory:');
  try {
    database.raw.exec("create table things (id integer primary key, name text, \"odd \"\"name\" text)");
    database.raw.exec("insert into things values (1, 'one', 'x'), (2, null, 'y')");
    const rows = database.prepare('select id, name, "odd ""name", id * 10 as id from things order by id').all([]);
    assert.deepEqual(rows.map((row) => ({ ...(row as object) })), [
      { id: 10, name: 'one', 'odd "name': 'x' },
      { id: 20, name: null, 'odd "name': 'y' },
    ]);
    assert.deepEqual(Object.keys(rows[0] as object), ['id', 'name', 'odd "name']);
    const iterated = [...database.prepare('select name from things where id = ?').iterate([2])];
    assert.deepEqual(iterated.map((row) => ({ ...(row as object) })), [{ name: null }]);
    // A column an object literal cannot hold as a property keeps node:sqlite's own row.
    const [odd] = database.prepare('select 1 as "__proto__"').all([]);
    assert.equal(Object.getOwnPropertyDescriptor(odd, '__proto__')?.value, 1);
    assert.equal(database.prepare('insert into things (id) values (?)').run([3]).changes, 1);
  } finally {
    database.close();
  }
});
