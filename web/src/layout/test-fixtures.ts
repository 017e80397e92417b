import type { Category, CategoryTreeNode } from '../../../common/src/api/categories.ts';
import type { Discussion } from '../../../common/src/api/discussions.ts';

/** A discussion as the API presents it, for widget tests. */
export function discussionFixture(overrides: Partial<Discussion> = {}): Discussion {
  return {
    discussionID: 11,
    type: 'discussion',
    name: 'Growing tomatoes indoors',
    format: 'rich2',
    excerpt: 'Which lamp do you use?',
    categoryID: 3,
    category: { categoryID: 3, name: 'Garden Talk', url: 'http://hearth.test/categories/garden-talk' },
    dateInserted: '2024-03-05T14:07:22+00:00',
    dateUpdated: null,
    dateLastComment: '2024-03-06T09:00:00+00:00',
    insertUserID: 4,
    insertUser: { userID: 4, name: 'fern', photoUrl: '' },
    updateUserID: null,
    lastUserID: 5,
    lastUser: { userID: 5, name: 'basil', photoUrl: '' },
    pinned: false,
    pinLocation: null,
    announce: false,
    closed: false,
    sink: false,
    countComments: 12,
    countViews: 1530,
    score: 0,
    url: 'http://hearth.test/discussion/11/growing-tomatoes-indoors',
    canonicalUrl: 'http://hearth.test/discussion/11/growing-tomatoes-indoors',
    statusID: 0,
    attributes: {},
    tags: [],
    bookmarked: false,
    unread: false,
    dismissed: false,
    muted: false,
    ...overrides,
  };
}

/** A category as the API presents it (tree node), for widget tests. */
export function categoryFixture(overrides: Partial<CategoryTreeNode> = {}): CategoryTreeNode {
  const base: Category = {
    categoryID: 3,
    name: 'Garden Talk',
    description: 'Everything that grows.',
    parentCategoryID: null,
    customPermissions: false,
    isArchived: false,
    urlcode: 'garden-talk',
    url: 'http://hearth.test/categories/garden-talk',
    displayAs: 'discussions',
    iconUrl: null,
    bannerUrl: null,
    dateInserted: '2024-01-01T00:00:00+00:00',
    countCategories: 0,
    countDiscussions: 4,
    countComments: 20,
    countAllDiscussions: 9,
    countAllComments: 50,
    countFollowers: 7,
    followed: false,
    featured: false,
    allowedDiscussionTypes: ['discussion'],
    depth: 1,
    sort: 0,
  };
  return { ...base, children: [], ...overrides };
}
