import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { StoredPermissionName } from '../../../../common/src/permissions/names.ts';
import type { PermissionSet } from '../../../../common/src/permissions/types.ts';
import {
  buildPermissionSet,
  type GrantedPermissionRow,
} from '../../permissions/build-permission-set.ts';
import { defaultRoles } from '../roles/roles.defaults.ts';
import {
  canAddDiscussion,
  canAddTags,
  canAnnounceDiscussion,
  canBumpDiscussion,
  canChangeAuthor,
  canCloseDiscussion,
  canDeleteDiscussion,
  canSplitDiscussion,
  canTagDiscussion,
  decideEditDiscussion,
  discussionPermissionsOf,
  isDiscussionStaff,
  type DiscussionActor,
  type EditDecision,
} from './discussions.policy.ts';

const subject = { isAdmin: false, isSysAdmin: false, isBanned: false, isDeleted: false };
// Category 5 uses the default rows; category 9 is a junction where members may not view or post.
const open = { categoryID: 5, permissionCategoryID: -1 };
const locked = { categoryID: 9, permissionCategoryID: 9 };

function setOf(type: string, extraCategory: readonly StoredPermissionName[] = []): PermissionSet {
  const role = defaultRoles.find((candidate) => candidate.type === type);
  if (!role) throw new Error(type);
  const rows: GrantedPermissionRow[] = [
    ...role.global.map((permission) => ({ resourceType: 'global', resourceID: 0, permission })),
    ...[...role.category, ...extraCategory].map((permission) => ({
      resourceType: 'category',
      resourceID: 0,
      permission,
    })),
    // The junction copies the moderators' rows only.
    ...(type === 'moderator'
      ? role.category.map((permission) => ({ resourceType: 'category', resourceID: 9, permission }))
      : []),
  ];
  return buildPermissionSet(subject, rows, [{ categoryID: 9, permissionCategoryID: 9 }]);
}

const AUTHOR_ID = 10;
const OTHER_ID = 11;
const NOW = Date.parse('2026-03-01T12:00:00.000Z');
const window = { timeoutSeconds: 3600, now: NOW };
const fresh = { insertUserID: AUTHOR_ID, closed: false, dateInserted: '2026-03-01T11:30:00.000Z' };
const old = { ...fresh, dateInserted: '2026-03-01T10:00:00.000Z' };
const closed = { ...fresh, closed: true };

const actors: Record<string, DiscussionActor> = {
  guest: { set: setOf('guest'), userID: 0 },
  author: { set: setOf('member'), userID: AUTHOR_ID },
  member: { set: setOf('member'), userID: OTHER_ID },
  closer: { set: setOf('member', ['discussions.closeOwn']), userID: AUTHOR_ID },
  moderator: { set: setOf('moderator'), userID: OTHER_ID },
};

describe('decideEditDiscussion (spec 000 §6: authors within ui.editContentTimeout, moderators always)', () => {
  const cases: [string, typeof fresh, EditDecision, number?][] = [
    ['guest', fresh, 'denied'],
    ['author', fresh, 'allowed'],
    ['author', old, 'timeout'],
    ['author', closed, 'timeout'],
    ['member', fresh, 'denied'],
    ['moderator', old, 'allowed'],
    ['moderator', closed, 'allowed'],
    ['author', old, 'allowed', -1],
  ];
  for (const [who, discussion, expected, timeout] of cases) {
    test(`${who}, ${discussion === fresh ? 'fresh' : discussion === old ? 'old' : 'closed'}${timeout === undefined ? '' : `, timeout ${String(timeout)}`} → ${expected}`, () => {
      const actor = actors[who];
      assert.ok(actor);
      assert.equal(
        decideEditDiscussion(actor, discussion, open, {
          ...window,
          timeoutSeconds: timeout ?? 3600,
        }),
        expected,
      );
    });
  }
});

describe('permissions by role', () => {
  const table: [string, (actor: DiscussionActor) => boolean, Record<string, boolean>][] = [
    [
      'add in an open category',
      (a) => canAddDiscussion(a, open),
      { guest: false, author: true, member: true, closer: true, moderator: true },
    ],
    [
      'add in a locked category',
      (a) => canAddDiscussion(a, locked),
      { guest: false, author: false, member: false, closer: false, moderator: true },
    ],
    [
      'close one’s own (discussions.closeOwn)',
      (a) => canCloseDiscussion(a, fresh, open),
      { guest: false, author: false, member: false, closer: true, moderator: true },
    ],
    [
      'delete',
      (a) => canDeleteDiscussion(a, open),
      { guest: false, author: false, member: false, closer: false, moderator: true },
    ],
    [
      'announce',
      (a) => canAnnounceDiscussion(a, open),
      { guest: false, author: false, member: false, closer: false, moderator: true },
    ],
    [
      'bump (curation.manage)',
      (a) => canBumpDiscussion(a),
      { guest: false, author: false, member: false, closer: false, moderator: true },
    ],
    [
      'change the author (site.manage or community.manage)',
      (a) => canChangeAuthor(a),
      { guest: false, author: false, member: false, closer: false, moderator: false },
    ],
    [
      'see and filter by the internal status (staff.allow)',
      (a) => isDiscussionStaff(a),
      { guest: false, author: false, member: false, closer: false, moderator: true },
    ],
    [
      'add tags (tags.add)',
      (a) => canAddTags(a),
      { guest: false, author: true, member: true, closer: true, moderator: true },
    ],
    [
      'split from an open into an open category (curation.manage, or add + edit)',
      (a) => canSplitDiscussion(a, open, open),
      { guest: false, author: false, member: false, closer: false, moderator: true },
    ],
    [
      'split into a locked category',
      (a) => canSplitDiscussion(a, open, locked),
      { guest: false, author: false, member: false, closer: false, moderator: true },
    ],
    [
      'tag (author or editor)',
      (a) => canTagDiscussion(a, fresh, open),
      { guest: false, author: true, member: false, closer: true, moderator: true },
    ],
  ];
  for (const [situation, check, expected] of table) {
    for (const [who, allowed] of Object.entries(expected)) {
      test(`${situation}: ${who} → ${String(allowed)}`, () => {
        const actor = actors[who];
        assert.ok(actor);
        assert.equal(check(actor), allowed);
      });
    }
  }
});

describe('discussionPermissionsOf', () => {
  test('the author sees edit until the window closes; comments on a closed discussion need discussions.close', () => {
    const author = actors.author;
    const moderator = actors.moderator;
    assert.ok(author && moderator);
    assert.equal(discussionPermissionsOf(author, fresh, open, window)['discussions.edit'], true);
    assert.equal(discussionPermissionsOf(author, old, open, window)['discussions.edit'], false);
    assert.equal(discussionPermissionsOf(author, fresh, open, window)['comments.add'], true);
    assert.equal(discussionPermissionsOf(author, closed, open, window)['comments.add'], false);
    assert.equal(discussionPermissionsOf(moderator, closed, open, window)['comments.add'], true);
    assert.equal(discussionPermissionsOf(author, fresh, locked, window)['discussions.view'], false);
  });
});
