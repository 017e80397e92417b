import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  buildPermissionSet,
  type GrantedPermissionRow,
} from '../../permissions/build-permission-set.ts';
import {
  canAddComment,
  canDeleteComment,
  canSeeComment,
  editDecision,
  type CommentDiscussionTarget,
  type CommentTarget,
} from './comments.policy.ts';

const subject = { isAdmin: false, isSysAdmin: false, isBanned: false, isDeleted: false };
const row = (
  resourceType: string,
  resourceID: number,
  permission: string,
): GrantedPermissionRow => ({
  resourceType,
  resourceID,
  permission,
});
// Category 12 is a junction where members may not comment; 20 uses the default rows.
const links = [{ categoryID: 12, permissionCategoryID: 12 }];
const memberRows = [
  row('global', 0, 'session.valid'),
  row('category', 0, 'discussions.view'),
  row('category', 0, 'comments.add'),
  row('category', 12, 'discussions.view'),
];
const member = { userID: 5, permissions: buildPermissionSet(subject, memberRows, links) };
const otherMember = { userID: 6, permissions: member.permissions };
const guest = {
  userID: 0,
  permissions: buildPermissionSet(subject, [row('category', 0, 'discussions.view')], links),
};
const categoryEditor = {
  userID: 7,
  permissions: buildPermissionSet(
    subject,
    [...memberRows, row('category', 0, 'comments.edit'), row('category', 0, 'comments.delete')],
    links,
  ),
};
const moderator = {
  userID: 8,
  permissions: buildPermissionSet(
    subject,
    [...memberRows, row('global', 0, 'community.moderate')],
    links,
  ),
};

const openDiscussion: CommentDiscussionTarget = {
  categoryID: 20,
  permissionCategoryID: -1,
  closed: false,
  insertUserID: 1,
  moderationStatus: 'accepted',
};
const closedDiscussion = { ...openDiscussion, closed: true };
const junctionDiscussion = { ...openDiscussion, categoryID: 12, permissionCategoryID: 12 };
const now = Date.parse('2024-06-01T12:00:00.000Z');
const comment = (minutesAgo: number, overrides: Partial<CommentTarget> = {}): CommentTarget => ({
  insertUserID: 5,
  dateInserted: new Date(now - minutesAgo * 60_000).toISOString(),
  displayType: 'full',
  moderationStatus: 'accepted',
  ...overrides,
});

describe('comment policies', () => {
  test('adding: signed in with comments.add where the discussion lives; closed needs more', () => {
    const cases: [string, typeof member, CommentDiscussionTarget, boolean][] = [
      ['member, open', member, openDiscussion, true],
      ['member, closed', member, closedDiscussion, false],
      ['member, junction without comments.add', member, junctionDiscussion, false],
      ['guest', guest, openDiscussion, false],
      ['moderator, closed', moderator, closedDiscussion, true],
    ];
    for (const [label, actor, discussion, expected] of cases)
      assert.equal(canAddComment(actor, discussion), expected, label);
  });

  test('editing: the author within the window of an open discussion; comments.edit and moderators always', () => {
    const cases: [string, typeof member, CommentTarget, CommentDiscussionTarget, number, string][] =
      [
        ['author in time', member, comment(10), openDiscussion, 3600, 'allowed'],
        ['author late', member, comment(61), openDiscussion, 3600, 'timeout'],
        ['author, no limit', member, comment(60 * 24 * 365), openDiscussion, -1, 'allowed'],
        ['author, no editing at all', member, comment(1), openDiscussion, 0, 'timeout'],
        ['author, closed discussion', member, comment(1), closedDiscussion, 3600, 'forbidden'],
        ['another member', otherMember, comment(1), openDiscussion, 3600, 'forbidden'],
        ['guest', guest, comment(1, { insertUserID: 0 }), openDiscussion, 3600, 'forbidden'],
        ['comments.edit, late', categoryEditor, comment(600), openDiscussion, 3600, 'allowed'],
        ['moderator, closed', moderator, comment(600), closedDiscussion, 3600, 'allowed'],
        [
          'tombstone',
          moderator,
          comment(1, { displayType: 'tombstone' }),
          openDiscussion,
          -1,
          'forbidden',
        ],
      ];
    for (const [label, actor, target, discussion, timeout, expected] of cases)
      assert.equal(editDecision(actor, target, discussion, timeout, now), expected, label);
  });

  test('deleting: comments.delete or moderators; authors only with allowSelfDelete', () => {
    assert.equal(canDeleteComment(member, comment(1), openDiscussion, false), false);
    assert.equal(canDeleteComment(member, comment(1), openDiscussion, true), true);
    assert.equal(canDeleteComment(otherMember, comment(1), openDiscussion, true), false);
    assert.equal(canDeleteComment(categoryEditor, comment(1), openDiscussion, false), true);
    assert.equal(canDeleteComment(moderator, comment(1), openDiscussion, false), true);
  });

  test('pending comments exist for their author and moderators only', () => {
    const pending = comment(1, { moderationStatus: 'pending' });
    assert.equal(canSeeComment(member, pending, openDiscussion), true);
    assert.equal(canSeeComment(otherMember, pending, openDiscussion), false);
    assert.equal(canSeeComment(moderator, pending, openDiscussion), true);
  });
});
