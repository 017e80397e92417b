import { slugify } from '../../../common/src/slug.ts';

/**
 * Every URL the app links to (CONVENTIONS §7): no hand-written URL strings elsewhere.
 * Entry routes follow spec 000 §2; the e-mail confirmation and password reset links are the ones
 * the server puts in its e-mails.
 */

function withQuery(
  path: string,
  query: Record<string, string | number | undefined | null>,
): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') {
      search.set(key, String(value));
    }
  }
  const qs = search.toString();
  return qs === '' ? path : `${path}?${qs}`;
}

export function homePath(): string {
  return '/';
}

export function discussionsPath(): string {
  return '/discussions';
}

export function categoriesPath(): string {
  return '/categories';
}

/** Whether a path is one of the /entry pages (sign-in links then carry no target). */
export function isEntryPath(pathname: string): boolean {
  return pathname === '/entry' || pathname.startsWith('/entry/');
}

/** spec 000 §2: sign-in link with the current page as `target` (not from /entry pages). */
export function signInPath(
  options: { target?: string | undefined; targetParam?: 'target' | 'Target'; base?: string } = {},
): string {
  const base = options.base ?? '/entry/signin';
  const target = options.target;
  if (target === undefined || isEntryPath(target.split('?')[0] ?? target)) {
    return base;
  }
  return withQuery(base, { [options.targetParam ?? 'target']: target });
}

export function registerPath(options: { target?: string | undefined; base?: string } = {}): string {
  const base = options.base ?? '/entry/register';
  const target = options.target;
  if (target === undefined || isEntryPath(target.split('?')[0] ?? target)) {
    return base;
  }
  return withQuery(base, { target });
}

/** Sign-out link: the transient key proves intent (api-contract §2 "Sign-out"). */
export function signOutPath(options: {
  transientKey: string;
  target?: string | undefined;
  base?: string;
}): string {
  return withQuery(options.base ?? '/entry/signout', {
    TransientKey: options.transientKey,
    Target: options.target,
  });
}

export function emailConfirmRequestPath(): string {
  return '/entry/emailconfirmrequest';
}

/** The confirmation link of the registration e-mail. */
export function confirmEmailPath(userID: number, code: string): string {
  return `/entry/emailconfirm/${userID}/${encodeURIComponent(code)}`;
}

export function requestPasswordPath(): string {
  return '/entry/passwordrequest';
}

/** The link of the password reset e-mail. */
export function resetPasswordPath(userID: number, code: string): string {
  return `/entry/passwordreset/${userID}/${encodeURIComponent(code)}`;
}

export function profilePath(name: string): string {
  return `/profile/${encodeURIComponent(name)}`;
}

export function editProfilePath(): string {
  return '/profile/edit';
}

/** The profile tabs with a route of their own (spec 000 §2; bookmarks: issue 15, owner only). */
export type ProfileTab = 'discussions' | 'comments' | 'reactions' | 'bookmarks';

/** `/profile/{tab}/{username}`, `/p{page}` pushed on from page 2 (spec 000 §2 pager). */
export function profileTabPath(tab: ProfileTab, name: string, page = 1): string {
  const base = `/profile/${tab}/${encodeURIComponent(name)}`;
  return page > 1 ? `${base}/p${page}` : base;
}

/** spec 000 §2: the signed-in member's followed categories and discussions. */
export function followedContentPath(): string {
  return '/profile/followed-content';
}

/** spec 000 §2: `/categories/{urlcode}` and `/p{page}` from page 2 on. */
export function categoryPath(options: { urlcode: string | number; page?: number | undefined }): string {
  const base = `/categories/${encodeURIComponent(String(options.urlcode))}`;
  return options.page !== undefined && options.page > 1 ? `${base}/p${options.page}` : base;
}

/**
 * spec 000 §2 pager: `/discussion/{id}/{slug}` with `/p{page}` pushed on from page 2, the query
 * string kept; page 1 has no suffix.
 */
export function discussionPath(options: {
  discussionID: number;
  name?: string | undefined;
  page?: number | undefined;
  query?: string | undefined;
}): string {
  const slug = options.name !== undefined ? slugify(options.name) : '';
  let path = `/discussion/${options.discussionID}${slug === '' ? '' : `/${slug}`}`;
  if (options.page !== undefined && options.page > 1) path += `/p${options.page}`;
  const query = options.query?.replace(/^\?/, '') ?? '';
  return query === '' ? path : `${path}?${query}`;
}

/** `/discussion/comment/{commentID}`: the page holding the comment, scrolled to it. */
export function commentPath(commentID: number): string {
  return `/discussion/comment/${commentID}`;
}

/** Create a post: `/post/{postType}/{categoryID}` (no category: `/post/{postType}`). */
export function postDiscussionPath(options: { postType?: string; categoryID?: number | undefined } = {}): string {
  const type = options.postType ?? 'discussion';
  return options.categoryID !== undefined ? `/post/${type}/${options.categoryID}` : `/post/${type}`;
}

/** Edit a discussion: `/post/editdiscussion/{discussionID}`. */
export function editDiscussionPath(discussionID: number): string {
  return `/post/editdiscussion/${discussionID}`;
}

/**
 * A tag's discussions (spec 000 §2, issue 14): the tag page `/discussions/tagged/{urlcode}`, or
 * `/discussions?tagID=` for a tag known without its URL code.
 */
export function tagDiscussionsPath(tag: { tagID: number; urlcode?: string | undefined }): string {
  if (tag.urlcode !== undefined && tag.urlcode !== '') return `/discussions/tagged/${encodeURIComponent(tag.urlcode)}`;
  return withQuery('/discussions', { tagID: tag.tagID });
}

/** The interstitial for external links (spec 000 §2). */
export function leavingPath(target: string): string {
  return withQuery('/home/leaving', { target });
}

/** Admin: site settings (`site.manage`). */
export function dashboardSettingsPath(): string {
  return '/dashboard/settings';
}

/**
 * The change log's pages (spec 000 §2 `/log/filter`): a discussion's Revision History
 * (`recordType=discussion&recordID=`) or its Deleted Comments
 * (`parentRecordID=&recordType=comment&operation=delete`).
 */
export function logFilterPath(filter: {
  recordType: 'discussion' | 'comment' | 'user';
  recordID?: number;
  parentRecordID?: number;
  operation?: 'edit' | 'delete' | 'ban';
}): string {
  return withQuery('/log/filter', {
    parentRecordID: filter.parentRecordID,
    recordType: filter.recordType,
    recordID: filter.recordID,
    operation: filter.operation,
  });
}

/** The users dashboard (issue 17): members filtered by name or e-mail, role and ban. */
export function dashboardUsersPath(
  query: {
    page?: number;
    query?: string;
    roleID?: number;
    banned?: 'yes' | 'no';
    joinedFrom?: string;
    joinedTo?: string;
  } = {},
): string {
  return withQuery('/dashboard/users', {
    query: query.query,
    roleID: query.roleID,
    banned: query.banned,
    joinedFrom: query.joinedFrom,
    joinedTo: query.joinedTo,
    page: query.page === 1 ? undefined : query.page,
  });
}

/** Admin: dead and failed background jobs (`site.manage`). */
export function dashboardJobsPath(): string {
  return '/dashboard/jobs';
}

/**
 * Moderators: reports and the approval queue (spec 000 §2 `/dashboard/content/reports`);
 * `statuses: 'none'` lists every status.
 */
export function dashboardReportsPath(
  query: { statuses?: string; recordType?: string; recordID?: number; reportReasonID?: string } = {},
): string {
  return withQuery('/dashboard/content/reports', query);
}

/** Moderators: escalations (api-contract §27.7; the spec names no page, see docs/decisions.md). */
export function dashboardEscalationsPath(query: { statuses?: string } = {}): string {
  return withQuery('/dashboard/content/escalations', query);
}

/** One escalation: its reports, comments, status and assignee (the API's `Escalation.url`). */
export function dashboardEscalationPath(escalationID: number): string {
  return `/dashboard/content/escalations/${escalationID}`;
}

/** Admin: the category tree (`site.manage` or `community.manage`). */
export function dashboardCategoriesPath(): string {
  return '/dashboard/categories';
}

/** Admin: a new category, optionally under a parent. */
export function dashboardCategoryAddPath(parentCategoryID?: number): string {
  return withQuery('/dashboard/categories/add', { parentID: parentCategoryID });
}

/** Admin: the roles and their permissions (`site.manage`; Vanilla's `/dashboard/role`). */
export function dashboardRolesPath(): string {
  return '/dashboard/roles';
}

/** Admin: a new role. */
export function dashboardRoleAddPath(): string {
  return '/dashboard/roles/add';
}

/** Admin: a role's edit form with its permission grid. */
export function dashboardRoleEditPath(roleID: number): string {
  return `/dashboard/roles/${roleID}/edit`;
}

/** Moderators: the reasons reporters choose from (`community.moderate`, api-contract §27.3). */
export function dashboardReportReasonsPath(): string {
  return '/dashboard/content/report-reasons';
}

/** Admin: a category's edit form. */
export function dashboardCategoryEditPath(categoryID: number): string {
  return `/dashboard/categories/${categoryID}/edit`;
}

/**
 * Search results (spec 000 §2 Search): `/search?query=…`, or with the page's other parameters
 * (`domain`, `page`, filters); empty values are left out.
 */
export function searchPath(
  query?: string | Readonly<Record<string, string | number | undefined>>,
): string {
  return withQuery('/search', typeof query === 'object' ? query : { query });
}

/**
 * `/discussions` with its query string (spec 000 §2: passed as params), `/p{page}` pushed on from
 * page 2, the sort and filters kept.
 */
export function discussionListPath(
  query: Record<string, string | number | undefined | null> = {},
): string {
  const { page, ...rest } = query;
  return withQuery(Number(page) > 1 ? `/discussions/p${Number(page)}` : '/discussions', rest);
}

/** The notifications page (Vanilla's `/profile/notifications`; spec 000 §2 names no route). */
export function notificationsPath(page = 1): string {
  return page > 1 ? `/profile/notifications/p${page}` : '/profile/notifications';
}

/** The drafts page (Vanilla's `/drafts`; spec 000 §2 names no route): drafts, scheduled or failed posts. */
export function draftsPath(options: { draftStatus?: 'draft' | 'scheduled' | 'error'; page?: number } = {}): string {
  return withQuery('/drafts', {
    draftStatus: options.draftStatus === 'draft' ? undefined : options.draftStatus,
    page: options.page !== undefined && options.page > 1 ? options.page : undefined,
  });
}

/** A new discussion's server draft in the post form (spec 000 §2 `/post/editdiscussion/0/{draftID}`). */
export function editDiscussionDraftPath(draftID: number, discussionID = 0): string {
  return `/post/editdiscussion/${discussionID}/${draftID}`;
}

/** The notification preferences page (Vanilla's `/profile/preferences`). */
export function notificationPreferencesPath(): string {
  return '/profile/preferences';
}

/** The inbox (spec 000 §2 `/messages`), `/messages/p{page}` past the first page. */
export function messagesPath(page = 1): string {
  return page > 1 ? `/messages/p${page}` : '/messages';
}

/** A conversation's thread (spec 000 §2 `/messages/{id}`). */
export function conversationPath(conversationID: number): string {
  return `/messages/${conversationID}`;
}

/**
 * The compose page (spec 000 §2): `/messages/add/{name}` from the user card, `?to=a,b` for
 * several recipients, `?content=` to share text in a message.
 */
export function addMessagePath(options: { to?: readonly string[]; content?: string } = {}): string {
  const [only, ...rest] = options.to ?? [];
  if (only !== undefined && rest.length === 0)
    return withQuery(`/messages/add/${encodeURIComponent(only)}`, { content: options.content });
  return withQuery('/messages/add', { to: options.to?.join(','), content: options.content });
}

/** Route patterns for the router (same URLs as the builders above). */
export const routePatterns = {
  home: '/',
  signIn: '/entry/signin',
  register: '/entry/register',
  signOut: '/entry/signout',
  emailConfirmRequest: '/entry/emailconfirmrequest',
  confirmEmail: '/entry/emailconfirm/:userID/:code',
  requestPassword: '/entry/passwordrequest',
  resetPassword: '/entry/passwordreset/:userID/:code',
  editProfile: '/profile/edit',
  followedContent: '/profile/followed-content',
  profile: '/profile/:name',
  profileTab: '/profile/:tab/:name',
  profileTabPage: '/profile/:tab/:name/:page',
  notifications: '/profile/notifications',
  notificationsPage: '/profile/notifications/:page',
  notificationPreferences: '/profile/preferences',
  drafts: '/drafts',
  editDiscussionDraft: '/post/editdiscussion/:discussionID/:draftID',
  messages: '/messages',
  messagesItem: '/messages/:conversationID',
  addMessage: '/messages/add',
  addMessageTo: '/messages/add/:name',
  discussions: '/discussions',
  discussionsPage: '/discussions/:page',
  taggedDiscussions: '/discussions/tagged/:tag',
  taggedDiscussionsPage: '/discussions/tagged/:tag/:page',
  categories: '/categories',
  category: '/categories/:categoryID',
  categoryPage: '/categories/:categoryID/:page',
  discussion: '/discussion/:discussionID',
  discussionSlug: '/discussion/:discussionID/:slug',
  discussionSlugPage: '/discussion/:discussionID/:slug/:page',
  comment: '/discussion/comment/:commentID',
  postDiscussion: '/post/:postType',
  postDiscussionInCategory: '/post/:postType/:categoryID',
  editDiscussion: '/post/editdiscussion/:discussionID',
  leaving: '/home/leaving',
  search: '/search',
  dashboardSettings: '/dashboard/settings',
  dashboardCategories: '/dashboard/categories',
  dashboardJobs: '/dashboard/jobs',
  dashboardUsers: '/dashboard/users',
  dashboardReports: '/dashboard/content/reports',
  dashboardEscalations: '/dashboard/content/escalations',
  dashboardEscalation: '/dashboard/content/escalations/:escalationID',
  logFilter: '/log/filter',
  dashboardCategoryAdd: '/dashboard/categories/add',
  dashboardCategoryEdit: '/dashboard/categories/:categoryID/edit',
  dashboardRoles: '/dashboard/roles',
  dashboardRoleAdd: '/dashboard/roles/add',
  dashboardRoleEdit: '/dashboard/roles/:roleID/edit',
  dashboardReportReasons: '/dashboard/content/report-reasons',
} as const;
