import type { CommentRecord, DiscussionRecord } from './discussion-types.ts';

/** A discussion as the layout hydrates it, for component tests. */
export function discussionFixture(overrides: Partial<DiscussionRecord> = {}): DiscussionRecord {
  return {
    discussionID: 12,
    type: 'discussion',
    name: 'Kindling a fire in the rain',
    body: '<p>What works for you when <strong>everything</strong> is wet?</p>',
    url: 'https://forum.example/discussion/12/kindling-a-fire-in-the-rain',
    categoryID: 3,
    category: {
      categoryID: 3,
      name: 'Campcraft',
      url: 'https://forum.example/categories/campcraft',
    },
    dateInserted: '2026-01-05T10:00:00+00:00',
    dateUpdated: null,
    insertUserID: 7,
    insertUser: { userID: 7, name: 'ember', photoUrl: null },
    pinned: false,
    pinLocation: null,
    closed: false,
    sink: false,
    bookmarked: false,
    dismissed: false,
    muted: false,
    countComments: 3,
    score: 0,
    reactions: [],
    tags: [],
    ...overrides,
  };
}

/** A comment of discussion 12. */
export function commentFixture(
  commentID: number,
  overrides: Partial<CommentRecord> = {},
): CommentRecord {
  return {
    commentID,
    discussionID: 12,
    parentCommentID: null,
    depth: 1,
    body: `<p>Comment number ${commentID}</p>`,
    url: `https://forum.example/discussion/comment/${commentID}`,
    dateInserted: '2026-01-05T11:00:00+00:00',
    dateUpdated: null,
    insertUserID: 9,
    insertUser: { userID: 9, name: 'kai', photoUrl: null },
    score: 0,
    reactions: [],
    displayType: 'full',
    ...overrides,
  };
}
