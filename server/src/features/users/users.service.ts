import type {
  ListUsersQuery,
  Me,
  MeCounts,
  User,
  UserEdit,
  UserFragment,
  UserRef,
  UsersByNamesQuery,
} from '../../../../common/src/api/users.ts';
import { readExpand } from '../../../../common/src/api/common.ts';
import { globalEntry } from '../../../../common/src/permissions/has.ts';
import type { RequestContext } from '../../http/context.ts';
import { authorize } from '../../permissions/authorize.ts';
import type { Db } from '../../platform/db/db.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { getSettings } from '../config/config.service.ts';
import { authorizeActingOnUser } from './users.rank.ts';
import {
  canEditUsers,
  canLookUpByEmail,
  canManageApplicants,
  canSearchPersonalInfo,
  fullViewPermissions,
  userViewFor,
  userVisibilityOf,
  type UserVisibility,
} from './users.policy.ts';
import {
  defaultAvatarUrl,
  fragmentViewerOf,
  GUEST_NAME,
  presentUser,
  presentUserEdit,
  presentUserFragment,
} from './users.present.ts';
import {
  countApplicants,
  findLiveUserIDByEmail,
  findLiveUserIDByName,
  findUserByID,
  findUserFragmentRows,
  liveUserExists,
  type UserRow,
} from './users.repo.ts';
import { countUnreadNotificationsOf } from '../notifications/notifications.counts.ts';
import { countReportsToModerate } from '../reports/reports.counts.ts';
import { countEscalationsToHandle } from '../escalations/escalations.counts.ts';
import { countDraftsOfActor } from '../drafts/drafts.counts.ts';
import { countUnreadConversationsOf } from '../conversations/conversations.counts.ts';
import { countBookmarksOf, countUnreadDiscussionsOf } from '../discussions/discussions.counts.ts';
import { findGuestRoles, findRolesOfUsers } from './users.roles.repo.ts';
import {
  countListedUsers,
  listUsers as listUserRows,
  searchUsersByName,
  type UserListFilters,
} from './users.list.repo.ts';

/** api-contract §1.3: a smart ID without a match. */
export const SMART_ID_NOT_FOUND = 'Smart ID not found.';

// ---------------------------------------------------------------------------------------------
// Shared helpers

/** The viewer's visibility rights for this request, with the `ui.bannedPrivateProfile` setting. */
export async function loadVisibility(ctx: RequestContext): Promise<UserVisibility> {
  const settings = await getSettings(ctx.db);
  return userVisibilityOf(ctx.permissions, ctx.actor.userID, settings['ui.bannedPrivateProfile']);
}

/**
 * The user ID a path names (api-contract §1.3): an ID, `$me`, `$name:<username>` or
 * `$email:<address>` (needs `personalInfo.view`).
 * @throws AppError 404 "User not found." (`$me` as a guest) or "Smart ID not found.", 403 for `$email:`.
 */
export async function resolveUserRef(ctx: RequestContext, ref: UserRef): Promise<number> {
  switch (ref.kind) {
    case 'id':
      return ref.userID;
    case 'me':
      if (ctx.actor.userID === 0) throw notFound('User');
      return ctx.actor.userID;
    case 'name': {
      const userID = await findLiveUserIDByName(ctx.db, ref.name);
      if (userID === undefined) throw new AppError(404, SMART_ID_NOT_FOUND);
      return userID;
    }
    case 'email': {
      authorize(canLookUpByEmail(ctx.permissions), { permissions: 'personalInfo.view' });
      const userID = await findLiveUserIDByEmail(ctx.db, ref.email);
      if (userID === undefined) throw new AppError(404, SMART_ID_NOT_FOUND);
      return userID;
    }
  }
}

/** A live user or 404 "User not found." (missing and deleted users alike). */
export async function requireLiveUser(db: Db, userID: number): Promise<UserRow> {
  const row = await findUserByID(db, userID);
  if (!row || row.deleted) throw notFound('User');
  return row;
}

export function isSelf(ctx: RequestContext, userID: number): boolean {
  return ctx.actor.userID !== 0 && ctx.actor.userID === userID;
}

/** Global permission names the set grants, sorted (api-contract §3 `/users/me` `permissions`). */
function globalPermissionNames(ctx: RequestContext): string[] {
  const entry = globalEntry(ctx.permissions);
  return Object.entries(entry?.permissions ?? {})
    .filter(([, granted]) => granted === true)
    .map(([name]) => name)
    .sort();
}

export async function presentOne(
  ctx: RequestContext,
  row: UserRow,
  visibility: UserVisibility,
  reactionsReceived: boolean,
  profileFields = false,
): Promise<User> {
  const roles = (await findRolesOfUsers(ctx.db, [row.userID])).get(row.userID) ?? [];
  return presentUser(row, {
    baseUrl: ctx.config.baseUrl,
    visibility,
    roles,
    reactionsReceived,
    profileFields,
  });
}

function wantsReactions(expand: ReadonlySet<string>): boolean {
  return readExpand(expand, ['reactionsReceived']).reactionsReceived;
}

function wantsProfileFields(expand: ReadonlySet<string>): boolean {
  return readExpand(expand, ['profileFields']).profileFields;
}

/** Whether a user exists and is not deleted (another feature's check before it names a user). */
export function isLiveUser(db: Db, userID: number): Promise<boolean> {
  return liveUserExists(db, userID);
}

/**
 * UserFragments for embedding users in other records, loaded in one query (no N+1). Every
 * requested ID has an entry: missing and deleted users are the 'Deleted User' placeholder.
 */
export async function loadUserFragments(
  ctx: RequestContext,
  userIDs: readonly number[],
): Promise<Map<number, UserFragment>> {
  const rows = await findUserFragmentRows(ctx.db, userIDs);
  const viewer = fragmentViewerOf(ctx);
  return new Map(userIDs.map((userID) => [userID, presentUserFragment(rows.get(userID), viewer)]));
}

/**
 * spec 000 §6, issue 15: whether a list filtered by these authors must come back empty because
 * one of them has a private profile (or a banned one under `ui.bannedPrivateProfile`) the viewer
 * may not see: only the user and `personalInfo.view` holders see a private member's activity.
 */
export async function hidesActivityOf(
  ctx: RequestContext,
  userIDs: readonly number[],
): Promise<boolean> {
  if (userIDs.length === 0) return false;
  const visibility = await loadVisibility(ctx);
  const rows = await findUserFragmentRows(ctx.db, userIDs);
  return [...rows.values()].some(
    (row) =>
      !row.deleted &&
      userViewFor(visibility, row) === 'minimal' &&
      (row.private || (visibility.bannedPrivateProfile && row.banned !== 0)),
  );
}

// ---------------------------------------------------------------------------------------------
// Reads

/**
 * `GET /users/me` (api-contract §3): the full self view plus session facts; guests get the guest
 * record.
 */
export async function getMe(ctx: RequestContext): Promise<Me> {
  const set = ctx.permissions;
  const session = {
    isAdmin: set.isAdmin,
    isSysAdmin: set.isSysAdmin,
    isSuperAdmin: set.isSuperAdmin,
    permissions: globalPermissionNames(ctx),
    countUnreadNotifications: await countUnreadNotificationsOf(ctx),
    countUnreadConversations: await countUnreadConversationsOf(ctx),
  };
  if (ctx.actor.userID === 0) {
    const roles = (await findGuestRoles(ctx.db)).map((role) => ({
      roleID: role.roleID,
      name: role.name,
    }));
    const photoUrl = defaultAvatarUrl(ctx.config.baseUrl);
    return {
      userID: 0,
      name: GUEST_NAME,
      email: null,
      emailConfirmed: false,
      photoUrl,
      profilePhotoUrl: photoUrl,
      banned: 0,
      private: false,
      dateLastActive: null,
      roles,
      roleIDs: roles.map((role) => role.roleID),
      ...session,
    };
  }
  const row = await requireLiveUser(ctx.db, ctx.actor.userID);
  const roles = (await findRolesOfUsers(ctx.db, [row.userID])).get(row.userID) ?? [];
  const visibility = await loadVisibility(ctx);
  const user = presentUser(row, {
    baseUrl: ctx.config.baseUrl,
    visibility,
    roles,
    reactionsReceived: false,
  });
  const ownRoles = roles.map((role) => ({ roleID: role.roleID, name: role.name }));
  return {
    ...user,
    email: row.email,
    emailConfirmed: row.emailConfirmed,
    dateLastActive: user.dateLastActive ?? null,
    roles: ownRoles,
    roleIDs: ownRoles.map((role) => role.roleID),
    ...session,
  };
}

/**
 * `GET /users/me-counts` (api-contract §3): the user's discussions, unread notifications, unread
 * conversations, drafts (issue 16), bookmarks and discussions with comments unread since the user
 * last read them (both in categories the user can view), pending applicants for
 * `applicants.manage` holders, and the moderators' counts. `Participated` (an add-on) and `triage`
 * (no triage screen yet) are not sent. Guests get no counts.
 */
export async function getMeCounts(ctx: RequestContext): Promise<MeCounts> {
  if (ctx.actor.userID === 0) return { counts: [] };
  const row = await requireLiveUser(ctx.db, ctx.actor.userID);
  const counts = [
    { name: 'UnreadNotifications', count: await countUnreadNotificationsOf(ctx) },
    { name: 'Conversations', count: await countUnreadConversationsOf(ctx) },
    { name: 'Bookmarks', count: await countBookmarksOf(ctx) },
    { name: 'Discussions', count: row.countDiscussions },
    { name: 'UnreadDiscussions', count: await countUnreadDiscussionsOf(ctx) },
    { name: 'Drafts', count: await countDraftsOfActor(ctx) },
  ];
  if (canManageApplicants(ctx.permissions))
    counts.push({ name: 'Applicants', count: await countApplicants(ctx.db) });
  // api-contract §27.1: moderators' `reports` (new reports they moderate) and `escalations`.
  const reports = await countReportsToModerate(ctx);
  if (reports !== null) counts.push({ name: 'reports', count: reports });
  const escalations = await countEscalationsToHandle(ctx);
  if (escalations !== null) counts.push({ name: 'escalations', count: escalations });
  return { counts };
}

/**
 * `GET /users/{id}` (api-contract §3): the view the viewer may see (full, profile or minimal).
 * @throws AppError 404 "User not found." for missing or deleted users.
 */
export async function getUser(
  ctx: RequestContext,
  ref: UserRef,
  expand: ReadonlySet<string>,
): Promise<User> {
  const userID = await resolveUserRef(ctx, ref);
  const row = await requireLiveUser(ctx.db, userID);
  return presentOne(
    ctx,
    row,
    await loadVisibility(ctx),
    wantsReactions(expand),
    wantsProfileFields(expand),
  );
}

/** A page of users and the total for the numbered pager. */
export interface UserPage {
  users: User[];
  total: number;
}

/**
 * `GET /users` (api-contract §3). Filtering by e-mail or IP address needs the full view's
 * permissions; `query` searches e-mails and IP addresses only for those viewers.
 * @throws AppError 403 when filtering by personal data without permission.
 */
export async function listUsers(ctx: RequestContext, query: ListUsersQuery): Promise<UserPage> {
  const canSearch = canSearchPersonalInfo(ctx.permissions);
  if (query.email !== undefined || (query.ipAddresses?.length ?? 0) > 0) {
    authorize(canSearch, { permissions: fullViewPermissions });
  }
  const roleIDs = [...(query.roleID === undefined ? [] : [query.roleID]), ...(query.roleIDs ?? [])];
  const filters: UserListFilters = {
    dateInserted: query.dateInserted,
    dateUpdated: query.dateUpdated,
    dateLastActive: query.dateLastActive,
    roleIDs,
    userID: query.userID,
    name: query.name,
    email: query.email,
    query:
      query.query === undefined
        ? undefined
        : { text: query.query, includeEmail: canSearch, includeIPAddress: canSearch },
    ipAddresses: query.ipAddresses,
    emailConfirmed: query.emailConfirmed,
    isBanned: query.isBanned,
  };
  const offset = (query.page - 1) * query.limit;
  const [rows, total] = await Promise.all([
    listUserRows(ctx.db, filters, query.sort ?? 'userID', { offset, limit: query.limit }),
    countListedUsers(ctx.db, filters),
  ]);
  const [visibility, roles] = await Promise.all([
    loadVisibility(ctx),
    findRolesOfUsers(
      ctx.db,
      rows.map((row) => row.userID),
    ),
  ]);
  const reactionsReceived = wantsReactions(query.expand);
  const profileFields = wantsProfileFields(query.expand);
  const users = rows.map((row) =>
    presentUser(row, {
      baseUrl: ctx.config.baseUrl,
      visibility,
      roles: roles.get(row.userID) ?? [],
      reactionsReceived,
      profileFields,
    }),
  );
  return { users, total };
}

/**
 * `GET /users/by-names` (api-contract §3): mention and autocomplete look-up. Private and deleted
 * users are left out in SQL, so pages stay full.
 */
export async function findUsersByName(
  ctx: RequestContext,
  query: UsersByNamesQuery,
): Promise<UserFragment[]> {
  const rows = await searchUsersByName(ctx.db, {
    name: query.name,
    order: query.order,
    offset: (query.page - 1) * query.limit,
    limit: query.limit,
  });
  const viewer = fragmentViewerOf(ctx);
  return rows.map((row) => presentUserFragment(row, viewer));
}

/**
 * `GET /users/{id}/edit` (`users.edit`).
 * @throws AppError 403 without `users.edit`, 404.
 */
export async function getUserForEdit(ctx: RequestContext, ref: UserRef): Promise<UserEdit> {
  authorize(canEditUsers(ctx.permissions), { permissions: 'users.edit' });
  const row = await requireLiveUser(ctx.db, await resolveUserRef(ctx, ref));
  await authorizeActingOnUser(ctx, row.userID, 'users.edit');
  return presentUserEdit(row, ctx.config.baseUrl);
}
