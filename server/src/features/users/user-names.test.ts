import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isReservedUserName, mixesScripts, userNameKey } from './user-names.ts';

void test('names that read the same share a key: width, case, look-alike letters', () => {
  const admin = userNameKey('admin');
  for (const name of ['ADMIN', 'Admin', 'ａｄｍｉｎ', 'аdmin', 'ΑDMIN', 'adrnin']) {
    assert.equal(userNameKey(name), admin, name);
  }
  assert.equal(userNameKey('Straße'), userNameKey('STRASSE'));
  assert.equal(userNameKey('b0b'), userNameKey('bob'));
  assert.equal(userNameKey('paul1'), userNameKey('paull'));
});

void test('different names keep different keys', () => {
  assert.notEqual(userNameKey('José'), userNameKey('Jose'));
  assert.notEqual(userNameKey('Иван'), userNameKey('Ivan'));
  assert.notEqual(userNameKey('anna'), userNameKey('hanna'));
});

void test('mixing scripts: Latin with Cyrillic or Greek is refused; one script and CJK mixes pass', () => {
  for (const name of ['аdmin', 'Pаvel', 'ΑDMIN', 'Иванivan']) assert.equal(mixesScripts(name), true, name);
  for (const name of ['admin', 'Иван_Петров', 'Ελένη', '山田Taro', 'やまだ山田', '김민수abc', 'user_42']) {
    assert.equal(mixesScripts(name), false, name);
  }
});

void test('reserved names in any width, case or look-alike spelling', () => {
  for (const name of ['System', 'SYSTEM', 'Ѕystem', 'guest', 'ＧＵＥＳＴ', 'Unknown', 'Deleted User', 'admin']) {
    assert.equal(isReservedUserName(name), true, name);
  }
  for (const name of ['systemic', 'guests', 'marta']) assert.equal(isReservedUserName(name), false, name);
});
