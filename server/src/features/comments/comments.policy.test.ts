import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  buildPermissionSet,
  type GrantedPermissionRow,
} from '../../permissions/build-permission-set.ts';
import {
  addCommentRefusal,
  canAddComment,
  canDeleteComment,
  canMoveCommentTo,
  canPostAsAnotherUser,
  canReadComment,
  canReadCommentSource,
  canSeeComment,
  canSeeDiscussion,
  canSeeReports,
  commentPermissionsOf,
  editDecision,
  isExemptFromModeration,
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

  test('pending comments exist for moderators only (api-contract §27.5: their author gets 404)', () => {
    const pending = comment(1, { moderationStatus: 'pending' });
    assert.equal(canSeeComment(member, pending, openDiscussion), false);
    assert.equal(canSeeComment(otherMember, pending, openDiscussion), false);
    assert.equal(canSeeComment(moderator, pending, openDiscussion), true);
  });

  test('a refusal names discussions.close only when the closed state alone stands in the way', () => {
    const cases: [string, typeof member, CommentDiscussionTarget, string | undefined][] = [
      ['member, open', member, openDiscussion, undefined],
      ['member, closed', member, closedDiscussion, 'discussions.close'],
      [
        'member, closed junction without comments.add',
        member,
        { ...junctionDiscussion, closed: true },
        'comments.add',
      ],
      ['guest, open', guest, openDiscussion, 'comments.add'],
      ['guest, closed', guest, closedDiscussion, 'comments.add'],
      ['moderator, closed', moderator, closedDiscussion, undefined],
    ];
    for (const [label, actor, discussion, expected] of cases)
      assert.equal(addCommentRefusal(actor, discussion), expected, label);
  });

  test('moving: into a discussion where the actor may comment, closed or not', () => {
    const cases: [string, typeof member, CommentDiscussionTarget, boolean][] = [
      ['member, open', member, openDiscussion, true],
      ['member, closed', member, closedDiscussion, true],
      ['member, junction without comments.add', member, junctionDiscussion, false],
      ['guest', guest, openDiscussion, false],
      ['moderator, closed junction', moderator, { ...junctionDiscussion, closed: true }, false],
    ];
    for (const [label, actor, discussion, expected] of cases)
      assert.equal(canMoveCommentTo(actor, discussion), expected, label);
  });

  test('reading: the discussion exists for the actor, its category is viewable, the comment exists for them', () => {
    const pendingDiscussion = { ...openDiscussion, moderationStatus: 'pending' };
    const pending = comment(1, { moderationStatus: 'pending' });
    const cases: [string, typeof member, CommentTarget, CommentDiscussionTarget, boolean][] = [
      ['member, accepted', member, comment(1), openDiscussion, true],
      ['guest, accepted', guest, comment(1), openDiscussion, true],
      ['member, pending discussion of another', member, comment(1), pendingDiscussion, false],
      [
        'author of the pending discussion',
        member,
        comment(1),
        { ...pendingDiscussion, insertUserID: 5 },
        false,
      ],
      ['moderator, pending discussion', moderator, comment(1), pendingDiscussion, true],
      ['guest, junction without discussions.view', guest, comment(1), junctionDiscussion, false],
      ['author, own pending comment', member, pending, openDiscussion, false],
      ['another member, pending comment', otherMember, pending, openDiscussion, false],
      ['moderator, pending comment', moderator, pending, openDiscussion, true],
    ];
    for (const [label, actor, target, discussion, expected] of cases) {
      assert.equal(canReadComment(actor, target, discussion), expected, label);
      if (target.moderationStatus === 'accepted' && discussion !== junctionDiscussion)
        assert.equal(canSeeDiscussion(actor, discussion), expected, `${label} (discussion)`);
    }
  });

  test('the source for the editor: its author, comments.edit in the category, or moderators', () => {
    const cases: [string, typeof member, CommentTarget, boolean][] = [
      ['author', member, comment(600), true],
      ['another member', otherMember, comment(1), false],
      ['guest', guest, comment(1, { insertUserID: 0 }), false],
      ['comments.edit', categoryEditor, comment(1), true],
      ['moderator', moderator, comment(1), true],
    ];
    for (const [label, actor, target, expected] of cases)
      assert.equal(canReadCommentSource(actor, target, closedDiscussion), expected, label);
  });

  test('moderator rules: posting as another user needs site.manage; reports and exemption need moderation', () => {
    const admin = {
      userID: 9,
      permissions: buildPermissionSet(
        subject,
        [...memberRows, row('global', 0, 'site.manage')],
        links,
      ),
    };
    const categoryModerator = {
      userID: 10,
      permissions: buildPermissionSet(
        subject,
        [...memberRows, row('category', 0, 'posts.moderate')],
        links,
      ),
    };
    const cases: [string, typeof member, boolean, boolean][] = [
      ['member', member, false, false],
      ['comments.edit', categoryEditor, false, false],
      ['posts.moderate in the category', categoryModerator, false, true],
      ['community.moderate', moderator, false, true],
      ['site.manage', admin, true, true],
    ];
    for (const [label, actor, postAs, moderates] of cases) {
      assert.equal(canPostAsAnotherUser(actor.permissions), postAs, `${label}: post as another`);
      assert.equal(
        canSeeReports(actor.permissions, openDiscussion),
        moderates,
        `${label}: reports`,
      );
      assert.equal(
        isExemptFromModeration(actor.permissions, openDiscussion),
        moderates,
        `${label}: exempt`,
      );
    }
  });

  test('the permissions map of a comment', () => {
    const settings = { editContentTimeout: 3600, allowSelfDelete: false };
    const cases: [
      string,
      typeof member,
      CommentTarget,
      CommentDiscussionTarget,
      [boolean, boolean, boolean],
    ][] = [
      ['author in time', member, comment(10), openDiscussion, [true, true, false]],
      ['author late', member, comment(61), openDiscussion, [true, false, false]],
      ['another member', otherMember, comment(1), openDiscussion, [true, false, false]],
      ['guest', guest, comment(1), openDiscussion, [false, false, false]],
      [
        'moderator, tombstone',
        moderator,
        comment(1, { displayType: 'tombstone' }),
        openDiscussion,
        [false, false, false],
      ],
      ['moderator, closed', moderator, comment(1), closedDiscussion, [true, true, true]],
    ];
    for (const [label, actor, target, discussion, [add, edit, remove]] of cases)
      assert.deepEqual(
        commentPermissionsOf(actor, target, discussion, settings, now),
        { 'comments.add': add, 'comments.edit': edit, 'comments.delete': remove },
        label,
      );
  });
});
