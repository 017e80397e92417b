import type { Comment } from '../../../../../../common/src/api/comments.ts';
import {
  discussionPermissionKeys,
  type Discussion,
  type DiscussionPermissionKey,
  type DiscussionPermissions,
} from '../../../../../../common/src/api/discussions.ts';

/** A discussion as the layout hydrates it, for component tests. */
export function discussionFixture(overrides: Partial<Discussion> = {}): Discussion {
  return {
    discussionID: 12,
    type: 'discussion',
    name: 'Kindling a fire in the rain',
    body: '<p>What works for you when <strong>everything</strong> is wet?</p>',
    format: 'rich2',
    url: 'https://forum.example/discussion/12/kindling-a-fire-in-the-rain',
    canonicalUrl: 'https://forum.example/discussion/12/kindling-a-fire-in-the-rain',
    categoryID: 3,
    category: {
      categoryID: 3,
      name: 'Campcraft',
      url: 'https://forum.example/categories/campcraft',
    },
    dateInserted: '2026-01-05T10:00:00+00:00',
    dateUpdated: null,
    dateLastComment: null,
    insertUserID: 7,
    insertUser: { userID: 7, name: 'ember', photoUrl: '' },
    updateUserID: null,
    lastUserID: 7,
    pinned: false,
    pinLocation: null,
    announce: false,
    closed: false,
    sink: false,
    bookmarked: false,
    unread: false,
    dismissed: false,
    muted: false,
    countComments: 3,
    countViews: 10,
    score: 0,
    statusID: 0,
    attributes: {},
    reactions: [],
    tags: [],
    ...overrides,
  };
}

/** A discussion's `permissions` map granting only `granted`. */
export function discussionPermissionsFixture(
  granted: readonly DiscussionPermissionKey[],
): DiscussionPermissions {
  const map = Object.fromEntries(
    discussionPermissionKeys.map((key) => [key, granted.includes(key)]),
  );
  return map as DiscussionPermissions;
}

/** A comment of discussion 12. */
export function commentFixture(commentID: number, overrides: Partial<Comment> = {}): Comment {
  return {
    commentID,
    discussionID: 12,
    parentRecordType: 'discussion',
    parentRecordID: 12,
    parentCommentID: null,
    depth: 1,
    countChildComments: 0,
    scoreChildComments: 0,
    name: 'Re: Kindling a fire in the rain',
    categoryID: 3,
    body: `<p>Comment number ${commentID}</p>`,
    format: 'rich2',
    url: `https://forum.example/discussion/comment/${commentID}`,
    dateInserted: '2026-01-05T11:00:00+00:00',
    dateUpdated: null,
    insertUserID: 9,
    insertUser: { userID: 9, name: 'kai', photoUrl: '' },
    updateUserID: null,
    score: 0,
    attributes: {},
    reactions: [],
    moderationStatus: 'accepted',
    displayType: 'full',
    permissions: { 'comments.add': false, 'comments.edit': false, 'comments.delete': false },
    type: 'comment',
    ...overrides,
  };
}
