import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AppError } from '../platform/errors.ts';
import { authorize } from './authorize.ts';

function bodyOf(run: () => void): Record<string, unknown> {
  try {
    run();
  } catch (error) {
    assert.ok(error instanceof AppError);
    assert.equal(error.statusCode, 403);
    return error.toBody();
  }
  assert.fail('expected a 403');
}

void test('allowed: no error', () => {
  assert.doesNotThrow(() => authorize(true, { permissions: 'site.manage' }));
});

void test('one permission: the contract 403 body', () => {
  assert.deepEqual(
    bodyOf(() => authorize(false, { permissions: 'discussions.edit' })),
    {
      message: 'Permission Problem',
      status: 403,
      description: 'You need the discussions.edit permission to do that.',
      permissions: ['discussions.edit'],
    },
  );
});

void test('several permissions: "one of", and recordIDs for bulk actions', () => {
  assert.deepEqual(
    bodyOf(() =>
      authorize(false, { permissions: ['users.add', 'users.edit'], recordIDs: [2425, 1342] }),
    ),
    {
      message: 'Permission Problem',
      status: 403,
      description: 'You need one of users.add, users.edit permissions to do that.',
      permissions: ['users.add', 'users.edit'],
      recordIDs: [2425, 1342],
    },
  );
});
