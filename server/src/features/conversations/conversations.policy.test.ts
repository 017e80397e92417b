import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { PermissionSet } from '../../../../common/src/permissions/types.ts';
import { canAddConversations, canUseConversations, conversationModerationRefusal } from './conversations.policy.ts';
import { shownParticipants } from './conversations.present.ts';
import type { ParticipantRow } from './conversations.repo.ts';

function setWith(names: readonly string[], isAdmin = false): PermissionSet {
  return {
    isAdmin,
    isSysAdmin: false,
    isSuperAdmin: false,
    permissions: [{ type: 'global', id: null, permissions: Object.fromEntries(names.map((name) => [name, true])) }],
    junctions: {},
    junctionAliases: {},
  };
}

describe('conversations policy (api-contract §5)', () => {
  const member = setWith(['session.valid', 'conversations.add']);
  const unconfirmed = setWith(['session.valid']);
  const moderator = setWith(['session.valid', 'conversations.add', 'conversations.moderate']);
  const admin = setWith([], true);

  const cases: { who: string; set: PermissionSet; userID: number; use: boolean; add: boolean; off: string | null; on: string | null }[] = [
    { who: 'guest', set: setWith([]), userID: 0, use: false, add: false, off: 'notConfigured', on: 'conversations.moderate' },
    { who: 'unconfirmed', set: unconfirmed, userID: 3, use: true, add: false, off: 'notConfigured', on: 'conversations.moderate' },
    { who: 'member', set: member, userID: 4, use: true, add: true, off: 'notConfigured', on: 'conversations.moderate' },
    { who: 'moderator', set: moderator, userID: 5, use: true, add: true, off: 'notConfigured', on: null },
    { who: 'admin', set: admin, userID: 1, use: true, add: true, off: 'notConfigured', on: null },
  ];
  for (const row of cases) {
    test(row.who, () => {
      assert.equal(canUseConversations(row.set, row.userID), row.use);
      assert.equal(canAddConversations(row.set, row.userID), row.add);
      assert.equal(conversationModerationRefusal(row.set, false), row.off, 'the switch off refuses everyone');
      assert.equal(conversationModerationRefusal(row.set, true), row.on);
    });
  }
});

describe('shownParticipants: the first 5, the current user last', () => {
  const rows = (ids: number[]): ParticipantRow[] =>
    ids.map((userID) => ({ conversationID: 1, userID, status: 'participating', countReadMessages: 0, dateInserted: '2026-01-01T00:00:00.000Z' }));
  test('the viewer moves last and at most 5 are shown', () => {
    assert.deepEqual(shownParticipants(rows([1, 2, 3, 4, 5, 6, 7]), 1).map((row) => row.userID), [2, 3, 4, 5, 1]);
    assert.deepEqual(shownParticipants(rows([1, 2]), 2).map((row) => row.userID), [1, 2]);
  });
  test('a moderator (not a participant) sees the first 5', () => {
    assert.deepEqual(shownParticipants(rows([1, 2, 3, 4, 5, 6]), 9).map((row) => row.userID), [1, 2, 3, 4, 5]);
  });
});
