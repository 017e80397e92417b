import type { Category } from '../../common/src/api/categories.ts';

// The read endpoints query-plans.api.test.ts calls, with the actors and the seed records they need.

export type ActorName = 'guest' | 'member' | 'admin';

export interface Seed {
  general: number;
  garden: Category;
  seedlings: Category;
  staff: Category;
  tagIDs: number[];
  discussionIDs: number[];
  /** The discussion with many comments and threaded replies. */
  busyID: number;
  /** A top-level comment of the busy discussion that has replies. */
  parentCommentID: number;
  /** A reply (depth 2) in the busy discussion. */
  replyID: number;
  /** A comment late in the busy discussion (its page is not the first). */
  lateCommentID: number;
  memberID: number;
  moderatorID: number;
  /** The discussions the moderator started or commented in, ascending. */
  moderatorParticipated: number[];
}

export interface Endpoint {
  name: string;
  url: (seed: Seed) => string;
  actors: readonly ActorName[];
  /** The endpoint must read discussions or comments (so the check below is not vacuous). */
  readsContent: boolean;
}

export const everyone: readonly ActorName[] = ['guest', 'member', 'admin'];
export const signedIn: readonly ActorName[] = ['member', 'admin'];

export const discussionListSorts = [
  '-dateLastComment',
  '-dateInserted',
  '-score',
  '-hot',
  'dateInserted',
] as const;
export const commentListSorts = [
  'dateInserted',
  '-dateInserted',
  'score',
  '-score',
  '-experimentalTrending',
] as const;
export const threadSorts = [
  'dateInserted',
  '-dateInserted',
  'score',
  '-score',
  '-experimentalTrending',
] as const;

export const hydrate = (query: string) => `/layouts/lookup-hydrate?${query}`;

export const endpoints: Endpoint[] = [
  { name: 'GET /discussions', url: () => '/discussions', actors: everyone, readsContent: true },
  ...discussionListSorts.map((sort) => ({
    name: `GET /discussions?sort=${sort}`,
    url: () => `/discussions?sort=${sort}`,
    actors: everyone,
    readsContent: true,
  })),
  {
    name: 'GET /discussions later page',
    url: () => '/discussions?page=3&limit=10',
    actors: everyone,
    readsContent: true,
  },
  {
    name: 'GET /discussions?categoryID',
    url: (s) => `/discussions?categoryID=${String(s.garden.categoryID)}`,
    actors: everyone,
    readsContent: true,
  },
  ...(['-dateInserted', '-score', '-hot', 'dateInserted'] as const).map((sort) => ({
    name: `GET /discussions?categoryID&sort=${sort}`,
    url: (s: Seed) => `/discussions?categoryID=${String(s.general)}&sort=${sort}`,
    actors: everyone,
    readsContent: true,
  })),
  {
    name: 'GET /discussions?categoryID&includeChildCategories',
    url: (s) =>
      `/discussions?categoryID=${String(s.garden.categoryID)}&includeChildCategories=true`,
    actors: everyone,
    readsContent: true,
  },
  {
    name: 'GET /discussions?tagID',
    url: (s) => `/discussions?tagID=${String(s.tagIDs[0])}`,
    actors: everyone,
    readsContent: true,
  },
  {
    name: 'GET /discussions?bookmarkUserID (own bookmarks)',
    url: (s) => `/discussions?bookmarkUserID=${String(s.memberID)}`,
    actors: ['member'],
    readsContent: true,
  },
  {
    name: 'GET /discussions?bookmarkUserID (a moderator reads another user’s)',
    url: (s) => `/discussions?bookmarkUserID=${String(s.memberID)}`,
    actors: ['admin'],
    readsContent: true,
  },
  {
    name: 'GET /discussions?participatedUserID',
    url: (s) => `/discussions?participatedUserID=${String(s.memberID)}`,
    actors: ['member', 'admin'],
    readsContent: true,
  },
  {
    name: 'GET /discussions?insertUserID',
    url: (s) => `/discussions?insertUserID=${String(s.moderatorID)}`,
    actors: everyone,
    readsContent: true,
  },
  {
    name: 'GET /discussions?followed',
    url: () => '/discussions?followed=true',
    actors: signedIn,
    readsContent: true,
  },
  {
    name: 'GET /discussions?pinOrder=first',
    url: () => '/discussions?pinOrder=first',
    actors: everyone,
    readsContent: true,
  },
  {
    name: 'GET /discussions?categoryID&pinOrder=first',
    url: (s) => `/discussions?categoryID=${String(s.general)}&pinOrder=first`,
    actors: everyone,
    readsContent: true,
  },
  {
    name: 'GET /discussions/{id}?expand=all',
    url: (s) => `/discussions/${String(s.busyID)}?expand=all`,
    actors: everyone,
    readsContent: true,
  },
  {
    name: 'GET /discussions/bookmarked',
    url: () => '/discussions/bookmarked?expand=all',
    actors: signedIn,
    readsContent: true,
  },
  ...commentListSorts.flatMap((sort) => [
    {
      name: `GET /comments?discussionID&sort=${sort}`,
      url: (s: Seed) => `/comments?discussionID=${String(s.busyID)}&sort=${sort}&expand=all`,
      actors: everyone,
      readsContent: true,
    },
    {
      name: `GET /comments?discussionID&sort=${sort} later page`,
      url: (s: Seed) => `/comments?discussionID=${String(s.busyID)}&sort=${sort}&page=3&limit=10`,
      actors: everyone,
      readsContent: true,
    },
  ]),
  {
    name: 'GET /comments?insertUserID',
    url: (s) => `/comments?insertUserID=${String(s.moderatorID)}`,
    actors: everyone,
    readsContent: true,
  },
  ...threadSorts.map((sort) => ({
    name: `GET /comments/thread sort=${sort}`,
    url: (s: Seed) =>
      `/comments/thread?parentRecordType=discussion&parentRecordID=${String(s.busyID)}&sort=${sort}&expand=all`,
    actors: everyone,
    readsContent: true,
  })),
  {
    name: 'GET /comments/thread later page',
    url: (s) =>
      `/comments/thread?parentRecordType=discussion&parentRecordID=${String(s.busyID)}&page=2&limit=10`,
    actors: everyone,
    readsContent: true,
  },
  {
    name: 'GET /comments/thread?parentCommentID',
    url: (s) =>
      `/comments/thread?parentRecordType=discussion&parentRecordID=${String(s.busyID)}&parentCommentID=${String(s.parentCommentID)}`,
    actors: everyone,
    readsContent: true,
  },
  {
    name: 'GET /comments/thread?focusCommentID',
    url: (s) =>
      `/comments/thread?parentRecordType=discussion&parentRecordID=${String(s.busyID)}&focusCommentID=${String(s.lateCommentID)}&limit=10`,
    actors: everyone,
    readsContent: true,
  },
  {
    name: 'GET /comments/{id}',
    url: (s) => `/comments/${String(s.replyID)}?expand=all`,
    actors: everyone,
    readsContent: true,
  },
  { name: 'GET /categories', url: () => '/categories', actors: everyone, readsContent: false },
  {
    name: 'GET /categories/{id}?expand=lastPost',
    url: (s) => `/categories/${String(s.general)}?expand=lastPost`,
    actors: everyone,
    readsContent: true,
  },
  {
    name: 'lookup-hydrate home',
    url: () => hydrate('layoutViewType=home&recordType=siteSection&recordID=0'),
    actors: everyone,
    readsContent: true,
  },
  {
    name: 'lookup-hydrate discussionList',
    url: () => hydrate('layoutViewType=discussionList&recordType=siteSection&recordID=0'),
    actors: everyone,
    readsContent: true,
  },
  {
    name: 'lookup-hydrate discussionList sort=-hot, tagID, page 2',
    url: (s) =>
      hydrate(
        `layoutViewType=discussionList&recordType=siteSection&recordID=0&params[sort]=-hot&params[tagID]=${String(s.tagIDs[1])}&params[page]=2`,
      ),
    actors: everyone,
    readsContent: true,
  },
  {
    name: 'lookup-hydrate categoryList (site)',
    url: () => hydrate('layoutViewType=categoryList&recordType=siteSection&recordID=0'),
    actors: everyone,
    readsContent: true,
  },
  {
    name: 'lookup-hydrate categoryList (category)',
    url: (s) =>
      hydrate(
        `layoutViewType=categoryList&recordType=category&recordID=${String(s.garden.categoryID)}`,
      ),
    actors: everyone,
    readsContent: true,
  },
  {
    name: 'lookup-hydrate post (discussion)',
    url: (s) =>
      hydrate(
        `layoutViewType=post&recordType=discussion&recordID=${String(s.busyID)}&params[page]=2`,
      ),
    actors: everyone,
    readsContent: true,
  },
  {
    name: 'lookup-hydrate post (comment)',
    url: (s) =>
      hydrate(`layoutViewType=post&recordType=comment&recordID=${String(s.lateCommentID)}`),
    actors: everyone,
    readsContent: true,
  },
  {
    name: 'GET /discussions/{id}/reactions',
    url: (s) => `/discussions/${String(s.busyID)}/reactions`,
    actors: everyone,
    readsContent: true,
  },
  {
    name: 'GET /comments/{id}/reactions',
    url: (s) => `/comments/${String(s.parentCommentID)}/reactions`,
    actors: everyone,
    readsContent: true,
  },
  { name: 'GET /tags', url: () => '/tags', actors: everyone, readsContent: false },
];
