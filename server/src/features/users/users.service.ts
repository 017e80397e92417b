import type { FastifyBaseLogger } from 'fastify';
import type {
  CreateUserBody,
  DeleteMethod,
  ListUsersQuery,
  Me,
  MeCounts,
  PatchUserBody,
  User,
  UserEdit,
  UserFragment,
  UserRef,
  UsersByNamesQuery,
} from '../../../../common/src/api/users.ts';
import { passwordLengthMessage } from '../../../../common/src/api/users.ts';
import { globalEntry } from '../../../../common/src/permissions/has.ts';
import type { RequestContext } from '../../http/context.ts';
import { authorize } from '../../permissions/authorize.ts';
import { bumpPermissionsVersion } from '../../permissions/permission-set.repo.ts';
import { nowIso } from '../../platform/dates.ts';
import type { Db } from '../../platform/db/db.ts';
import {
  AppError,
  fieldError,
  notFound,
  validationError,
  type FieldError,
} from '../../platform/errors.ts';
import { generatePassword, hashPassword, verifyPassword } from '../../platform/passwords.ts';
import {
  deleteUpload,
  detectImageType,
  extensionOf,
  imageExtensions,
  imageTypes,
  isStoredUploadPath,
  saveUpload,
} from '../../platform/uploads.ts';
import {
  EMAIL_IN_USE,
  NAME_IN_USE,
  requestPasswordReset,
  resendConfirmation,
} from '../auth/accounts.service.ts';
import { findAccountByID } from '../auth/auth.repo.ts';
import {
  checkPasswordThrottles,
  recordRightPassword,
  recordWrongPassword,
  WRONG_PASSWORD,
} from '../auth/auth.service.ts';
import { deleteUserSessions } from '../auth/sessions.repo.ts';
import { getSettings } from '../config/config.service.ts';
import { canAssignRole } from '../roles/roles.policy.ts';
import { findRolePermissionRows } from '../roles/roles.repo.ts';
import { refuseRemovingLastAdministrator, staysAdministratorWithRoles } from './users.admins.ts';
import { authorizeActingOnUser, EDIT_HIGHER_RANK, rankOfUser } from './users.rank.ts';
import { userNameErrors } from './users.names.ts';
import { welcomeMessage } from './users.mail.ts';
import {
  banPermissions,
  banRankRefusal,
  canAddUsers,
  canBanUsers,
  canDeleteUsers,
  canEditOwnProfile,
  canEditOwnUsername,
  canEditUsers,
  canLookUpByEmail,
  canManageApplicants,
  canSearchPersonalInfo,
  fullViewPermissions,
  rankOf,
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
  storedPhotoUrl,
} from './users.present.ts';
import {
  countApplicants,
  countListedUsers,
  deleteUserSessionsExcept,
  findGuestRoles,
  findLiveUserIDByEmail,
  findLiveUserIDByName,
  findNameOrEmailConflicts,
  findRoleIDByType,
  findRolesByIDs,
  findRolesOfUsers,
  findUserByID,
  findUserFragmentRows,
  insertUser,
  listUsers as listUserRows,
  markUserDeleted,
  replaceUserRoles,
  searchUsersByName,
  uniqueViolationOf,
  updateUser,
  type UserChanges,
  type UserListFilters,
  type UserRow,
} from './users.repo.ts';

/** Largest accepted profile picture. */
export const USER_PHOTO_MAX_BYTES = 5 * 1024 * 1024;

/** Where profile pictures are stored, under `DATA_DIR/uploads`. */
const PHOTO_FOLDER = 'userpics';

/** api-contract §1.3: a smart ID without a match. */
export const SMART_ID_NOT_FOUND = 'Smart ID not found.';

/** Vanilla's texts for rank refusals (api-contract §3). */
export { EDIT_HIGHER_RANK };
export const DELETE_HIGHER_RANK =
  'You are not allowed to delete a user that has higher permissions than you.';
export const BAN_HIGHER_RANK =
  'You are not allowed to ban a user that has higher permissions than you.';
export const BAN_SAME_RANK =
  'You are not allowed to ban a user with the same permission level as you.';
export const BAN_NOT_ALLOWED = 'You do not have permission to ban a user';
export const PASSWORD_CONFIRMATION_MISSING =
  'The field `passwordConfirmation` is required to edit this profile';
export const NO_ROLE = 'A user must have at least one role.';
export const NO_PHOTO = 'The user does not have a photo.';
export const NOT_AN_IMAGE = 'The uploaded file is not a valid image.';

/** spec 000 §5 upload messages. */
export function photoTooBigMessage(): string {
  return `The uploaded file was too big (max ${USER_PHOTO_MAX_BYTES / (1024 * 1024)} MB).`;
}

function photoExtensionMessage(): string {
  return `The uploaded file did not have an allowed extension. Only the following extensions are allowed. ${imageExtensions.join(', ')}.`;
}

// ---------------------------------------------------------------------------------------------
// Shared helpers

/** The viewer's visibility rights for this request, with the `ui.bannedPrivateProfile` setting. */
async function loadVisibility(ctx: RequestContext): Promise<UserVisibility> {
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
async function requireLiveUser(db: Db, userID: number): Promise<UserRow> {
  const row = await findUserByID(db, userID);
  if (!row || row.deleted) throw notFound('User');
  return row;
}

function isSelf(ctx: RequestContext, userID: number): boolean {
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

async function presentOne(
  ctx: RequestContext,
  row: UserRow,
  visibility: UserVisibility,
  reactionsReceived: boolean,
): Promise<User> {
  const roles = (await findRolesOfUsers(ctx.db, [row.userID])).get(row.userID) ?? [];
  return presentUser(row, { baseUrl: ctx.config.baseUrl, visibility, roles, reactionsReceived });
}

function wantsReactions(expand: ReadonlySet<string>): boolean {
  return expand.has('all') || expand.has('reactionsReceived');
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

// ---------------------------------------------------------------------------------------------
// Reads

/**
 * `GET /users/me` (api-contract §3): the full self view plus session facts; guests get the guest
 * record. Unread counts are 0 until notifications and conversations exist.
 */
export async function getMe(ctx: RequestContext): Promise<Me> {
  const set = ctx.permissions;
  const session = {
    isAdmin: set.isAdmin,
    isSysAdmin: set.isSysAdmin,
    isSuperAdmin: set.isSuperAdmin,
    permissions: globalPermissionNames(ctx),
    countUnreadNotifications: 0,
    countUnreadConversations: 0,
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
 * `GET /users/me-counts` (api-contract §3). Only counts Hearth can compute are real: the user's
 * discussions and, for `applicants.manage` holders, pending applicants. Notifications,
 * conversations, bookmarks, unread discussions and drafts do not exist yet, so they are 0.
 * Guests get no counts.
 */
export async function getMeCounts(ctx: RequestContext): Promise<MeCounts> {
  if (ctx.actor.userID === 0) return { counts: [] };
  const row = await requireLiveUser(ctx.db, ctx.actor.userID);
  const counts = [
    { name: 'UnreadNotifications', count: 0 },
    { name: 'Conversations', count: 0 },
    { name: 'Bookmarks', count: 0 },
    { name: 'Discussions', count: row.countDiscussions },
    { name: 'UnreadDiscussions', count: 0 },
    { name: 'Drafts', count: 0 },
  ];
  if (canManageApplicants(ctx.permissions))
    counts.push({ name: 'Applicants', count: await countApplicants(ctx.db) });
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
  return presentOne(ctx, row, await loadVisibility(ctx), wantsReactions(expand));
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
  const users = rows.map((row) =>
    presentUser(row, {
      baseUrl: ctx.config.baseUrl,
      visibility,
      roles: roles.get(row.userID) ?? [],
      reactionsReceived,
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

// ---------------------------------------------------------------------------------------------
// Writes

/**
 * Validation errors of a role list (api-contract §3 `roleID`): empty → "A user must have at least
 * one role."; unknown IDs; roles the editor may not assign (403 item). Roles the user already
 * holds may stay (Vanilla's rule).
 */
async function roleErrors(
  ctx: RequestContext,
  requested: readonly number[],
  existing: readonly number[],
): Promise<FieldError[]> {
  const roleIDs = [...new Set(requested)];
  if (roleIDs.length === 0)
    return [{ field: 'roleID', code: 'missingField', message: NO_ROLE, status: 400 }];
  const roles = await findRolesByIDs(ctx.db, roleIDs);
  const missing = roleIDs.filter((roleID) => !roles.some((role) => role.roleID === roleID));
  if (missing.length > 0) {
    return [
      {
        field: 'roleID',
        code: 'invalid',
        message: `These roles do not exist: ${missing.join(', ')}.`,
        status: 422,
      },
    ];
  }
  const added = roles.filter((role) => !existing.includes(role.roleID));
  const rows = await findRolePermissionRows(
    ctx.db,
    added.map((role) => role.roleID),
  );
  const refused = added.filter(
    (role) =>
      !canAssignRole(
        ctx.permissions,
        rows.filter((row) => row.roleID === role.roleID),
      ),
  );
  if (refused.length === 0) return [];
  return [
    {
      field: 'roleID',
      code: 'invalid',
      message: `You don't have permission to assign these roles: ${refused.map((role) => role.name).join(', ')}`,
      status: 403,
    },
  ];
}

async function passwordErrors(
  ctx: RequestContext,
  password: string | undefined,
): Promise<FieldError[]> {
  if (password === undefined) return [];
  const passwordMinLength = (await getSettings(ctx.db))['password.minLength'];
  if ([...password].length >= passwordMinLength) return [];
  return [
    {
      field: 'password',
      code: 'minLength',
      message: passwordLengthMessage(passwordMinLength),
      status: 422,
    },
  ];
}

async function conflictErrors(
  ctx: RequestContext,
  input: { name?: string | undefined; email?: string | undefined; exceptUserID?: number },
): Promise<FieldError[]> {
  const { nameTaken, emailTaken } = await findNameOrEmailConflicts(ctx.db, input);
  const errors =
    input.name === undefined ? [] : await userNameErrors(ctx.db, input.name, input.exceptUserID);
  if (nameTaken && errors.length === 0)
    errors.push({ field: 'name', code: 'invalid', message: NAME_IN_USE, status: 400 });
  if (emailTaken)
    errors.push({ field: 'email', code: 'invalid', message: EMAIL_IN_USE, status: 400 });
  return errors;
}

/** A unique-index violation raced past the checks: answer the duplicate message, else rethrow. */
function raceError(error: unknown): never {
  const field = uniqueViolationOf(error);
  if (field === 'name')
    throw validationError([{ field: 'name', code: 'invalid', message: NAME_IN_USE, status: 400 }]);
  if (field === 'email')
    throw validationError([
      { field: 'email', code: 'invalid', message: EMAIL_IN_USE, status: 400 },
    ]);
  throw error;
}

/**
 * `POST /users` (`users.add`, api-contract §3): creates a user with the given roles (default: the
 * member role) and, unless `sendWelcomeEmail` is false, sends a welcome e-mail (a failure is logged,
 * the user exists).
 * @throws AppError 403 without `users.add`; validation errors (422 rules, 400 duplicates, 403 roles).
 */
export async function createUser(
  ctx: RequestContext,
  input: CreateUserBody,
  log: FastifyBaseLogger,
): Promise<User> {
  authorize(canAddUsers(ctx.permissions), { permissions: 'users.add' });
  const errors = [
    ...(await conflictErrors(ctx, { name: input.name, email: input.email })),
    ...(await passwordErrors(ctx, input.password)),
  ];
  let roleIDs: number[];
  if (input.roleID === undefined) {
    const memberRoleID = await findRoleIDByType(ctx.db, 'member');
    roleIDs = memberRoleID === undefined ? [] : [memberRoleID];
  } else {
    errors.push(...(await roleErrors(ctx, input.roleID, [])));
    roleIDs = input.roleID;
  }
  if (errors.length > 0) throw validationError(errors);

  const passwordHash = await hashPassword(input.password);
  let userID: number;
  try {
    userID = await ctx.db.transaction().execute(async (trx) => {
      const id = await insertUser(trx, {
        name: input.name,
        email: input.email,
        passwordHash,
        emailConfirmed: input.emailConfirmed,
        showEmail: input.showEmail,
        bypassSpam: input.bypassSpam,
        private: input.private,
        photo: input.photo ?? null,
        insertIPAddress: null,
        dateInserted: nowIso(),
      });
      await replaceUserRoles(trx, id, roleIDs);
      await bumpPermissionsVersion(trx);
      return id;
    });
  } catch (error) {
    raceError(error);
  }

  if (input.sendWelcomeEmail) {
    try {
      const siteTitle = (await getSettings(ctx.db))['garden.title'];
      await ctx.mailer.send(
        welcomeMessage({
          siteTitle,
          to: input.email,
          name: input.name,
          signInUrl: `${ctx.config.mailBaseUrl}/entry/signin`,
        }),
      );
    } catch (error) {
      log.error({ err: error, userID }, 'could not send the welcome e-mail');
    }
  }
  const row = await requireLiveUser(ctx.db, userID);
  return presentOne(ctx, row, await loadVisibility(ctx), false);
}

/**
 * The current password check of a self-edit (api-contract §3): wrong → 401 on `currentPassword`.
 * Wrong answers count against the same throttle as failed sign-ins.
 */
async function confirmCurrentPassword(
  ctx: RequestContext,
  userID: number,
  password: string,
): Promise<void> {
  await checkPasswordThrottles(ctx, userID, { onePerSecond: false });
  const account = await findAccountByID(ctx.db, userID);
  if (!(await verifyPassword(password, account?.passwordHash ?? null))) {
    await recordWrongPassword(ctx, userID);
    throw fieldError('currentPassword', WRONG_PASSWORD, 401);
  }
  await recordRightPassword(ctx, userID);
}

/** Keys a self-edit without `users.edit` may change (api-contract §3); others are dropped. */
const selfEditKeys = [
  'name',
  'email',
  'showEmail',
  'password',
  'private',
  'passwordConfirmation',
] as const;

/**
 * `PATCH /users/{id}` (api-contract §3). Self-edit needs `profiles.edit` (or `users.edit`) and,
 * when the account has a password, `passwordConfirmation` to change the name, e-mail or
 * password; editing others needs `users.edit` and a target of no higher rank. Changing roles
 * bumps the permissions version; a new password ends the user's other sessions.
 * @throws AppError 403, 404, 401 wrong current password, validation errors.
 */
export async function patchUser(
  ctx: RequestContext,
  ref: UserRef,
  body: PatchUserBody,
  log: FastifyBaseLogger,
): Promise<User> {
  const userID = await resolveUserRef(ctx, ref);
  const row = await requireLiveUser(ctx.db, userID);
  const set = ctx.permissions;
  const self = isSelf(ctx, userID);
  const mayEditUsers = canEditUsers(set);
  if (self) {
    authorize(canEditOwnProfile(set), { permissions: ['profiles.edit', 'users.edit'] });
  } else {
    await authorizeActingOnUser(ctx, userID, 'users.edit');
  }
  const input: PatchUserBody = mayEditUsers
    ? body
    : (Object.fromEntries(
        selfEditKeys.filter((key) => body[key] !== undefined).map((key) => [key, body[key]]),
      ) as PatchUserBody);

  const nameChanged = input.name !== undefined && input.name !== row.name;
  const emailChanged = input.email !== undefined && input.email !== row.email;
  if (self && nameChanged)
    authorize(canEditOwnUsername(set), { permissions: ['profile.editusernames', 'users.edit'] });
  // Setting `profile.editEmails` off: only `users.edit` holders change e-mail addresses.
  if (self && emailChanged && !mayEditUsers && !(await getSettings(ctx.db))['profile.editEmails']) {
    authorize(false, { permissions: 'users.edit' });
  }

  const errors: FieldError[] = [];
  if (input.banned !== undefined && !canBanUsers(set)) {
    errors.push({ field: 'banned', code: 'invalid', message: BAN_NOT_ALLOWED, status: 403 });
  }
  errors.push(
    ...(await conflictErrors(ctx, {
      name: nameChanged ? input.name : undefined,
      email: emailChanged ? input.email : undefined,
      exceptUserID: userID,
    })),
    ...(await passwordErrors(ctx, input.password)),
  );
  let roleIDs: number[] | undefined;
  if (input.roleID !== undefined) {
    const existing = ((await findRolesOfUsers(ctx.db, [userID])).get(userID) ?? []).map(
      (role) => role.roleID,
    );
    errors.push(...(await roleErrors(ctx, input.roleID, existing)));
    roleIDs = input.roleID;
  }
  if (errors.length > 0) throw validationError(errors);

  const banned = input.banned === undefined ? undefined : input.banned ? 1 : 0;
  if (banned !== undefined && banned !== (row.banned === 0 ? 0 : 1)) {
    const refusal = banRankRefusal(rankOf(set), await rankOfUser(ctx.db, userID));
    if (refusal) throw new AppError(403, refusal === 'higher' ? BAN_HIGHER_RANK : BAN_SAME_RANK);
  }

  // Vanilla: a self-edit of the name, the e-mail or any password needs the current password.
  if (self && row.hasPassword && (nameChanged || emailChanged || input.password !== undefined)) {
    if (input.passwordConfirmation === undefined || input.passwordConfirmation === '') {
      throw validationError([
        {
          field: 'passwordConfirmation',
          code: 'missingField',
          message: PASSWORD_CONFIRMATION_MISSING,
          status: 400,
        },
      ]);
    }
    await confirmCurrentPassword(ctx, userID, input.passwordConfirmation);
  }

  const settings = await getSettings(ctx.db);
  const changes: UserChanges = {};
  if (nameChanged) changes.name = input.name;
  if (emailChanged) {
    changes.email = input.email;
    // An address the user typed themself is unproven until confirmed again.
    if (self && settings['registration.confirmEmail'] && input.emailConfirmed === undefined)
      changes.emailConfirmed = false;
  }
  if (input.emailConfirmed !== undefined) changes.emailConfirmed = input.emailConfirmed;
  if (input.showEmail !== undefined) changes.showEmail = input.showEmail;
  if (input.private !== undefined) changes.private = input.private;
  if (input.bypassSpam !== undefined) changes.bypassSpam = input.bypassSpam;
  if (input.photo !== undefined) changes.photo = input.photo;
  if (banned !== undefined) changes.banned = banned;
  const newPassword = input.password ?? (input.resetPassword ? generatePassword(32) : undefined);
  if (newPassword !== undefined) changes.passwordHash = await hashPassword(newPassword);
  const changed = Object.keys(changes).length > 0 || roleIDs !== undefined;
  if (changed) changes.dateUpdated = nowIso();

  if (changed) {
    try {
      await ctx.db.transaction().execute(async (trx) => {
        if (banned === 1 || roleIDs !== undefined) {
          // Issue 11 item 8: a ban, or roles without the administrator role, must leave one.
          const stays =
            banned !== 1 && (await staysAdministratorWithRoles(trx, userID, roleIDs ?? []));
          await refuseRemovingLastAdministrator(trx, userID, stays);
        }
        await updateUser(trx, userID, changes);
        if (roleIDs !== undefined) {
          await replaceUserRoles(trx, userID, roleIDs);
          await bumpPermissionsVersion(trx);
        }
        // A ban keeps the user's sessions: their next request answers 401 "You are banned."
        // (api-contract §1.2) instead of quietly serving a guest.
        if (newPassword !== undefined) {
          // A new password ends every other session; whoever set it keeps theirs.
          await deleteUserSessionsExcept(
            trx,
            userID,
            self && !input.resetPassword ? ctx.actor.sessionID : null,
          );
        }
      });
    } catch (error) {
      raceError(error);
    }
  }
  if (changes.photo !== undefined && row.photo !== null && isStoredUploadPath(row.photo)) {
    await deleteUpload(ctx.config.dataDir, row.photo);
  }
  if (input.resetPassword && row.email !== null) {
    // Vanilla's resetPassword: the user gets a reset link. A failed e-mail does not undo the reset.
    await requestPasswordReset(ctx, row.email).catch((error: unknown) =>
      log.error({ err: error, userID }, 'could not send the password reset e-mail'),
    );
  }
  if (changes.emailConfirmed === false && emailChanged && self) {
    await resendConfirmation(ctx, userID).catch((error: unknown) =>
      log.error({ err: error, userID }, 'could not send the confirmation e-mail'),
    );
  }
  const fresh = await requireLiveUser(ctx.db, userID);
  return presentOne(ctx, fresh, await loadVisibility(ctx), false);
}

/**
 * `PUT /users/{id}/ban` (api-contract §3): `community.moderate` or `users.edit`, and a target of
 * strictly lower rank.
 * @throws AppError 403 (permission or rank), 404.
 */
export async function setUserBan(
  ctx: RequestContext,
  ref: UserRef,
  banned: boolean,
): Promise<{ banned: boolean }> {
  authorize(canBanUsers(ctx.permissions), { permissions: banPermissions });
  const userID = await resolveUserRef(ctx, ref);
  await requireLiveUser(ctx.db, userID);
  const refusal = banRankRefusal(rankOf(ctx.permissions), await rankOfUser(ctx.db, userID));
  if (refusal) throw new AppError(403, refusal === 'higher' ? BAN_HIGHER_RANK : BAN_SAME_RANK);
  // The user's sessions and tokens stay: each of their requests answers 401 "You are banned."
  // (api-contract §1.2), so they learn why, and signing out still works.
  await ctx.db.transaction().execute(async (trx) => {
    if (banned) await refuseRemovingLastAdministrator(trx, userID, false);
    await updateUser(trx, userID, { banned: banned ? 1 : 0, dateUpdated: nowIso() });
  });
  return { banned };
}

/**
 * `DELETE /users/{id}` (`users.delete`, api-contract §3). The account is marked deleted and
 * scrubbed (name, e-mail, password, picture, roles, sessions, tokens); its content will show the
 * 'Deleted User' placeholder. `deleteMethod` (keep | wipe | delete) decides what happens to the
 * content once content features exist; today every method keeps it.
 * @throws AppError 403 (permission or higher rank), 404.
 */
export async function deleteUser(
  ctx: RequestContext,
  ref: UserRef,
  _deleteMethod: DeleteMethod,
): Promise<void> {
  authorize(canDeleteUsers(ctx.permissions), { permissions: 'users.delete' });
  const userID = await resolveUserRef(ctx, ref);
  const row = await requireLiveUser(ctx.db, userID);
  await authorizeActingOnUser(ctx, userID, 'users.delete', DELETE_HIGHER_RANK);
  await ctx.db.transaction().execute(async (trx) => {
    await refuseRemovingLastAdministrator(trx, userID, false);
    await markUserDeleted(trx, userID, nowIso());
    await deleteUserSessions(trx, userID);
    await bumpPermissionsVersion(trx);
  });
  if (row.photo !== null && isStoredUploadPath(row.photo))
    await deleteUpload(ctx.config.dataDir, row.photo);
}

/** Who may change a user's picture: the user themself, or a `users.edit` holder of no lower rank. */
async function authorizePhotoEdit(ctx: RequestContext, userID: number): Promise<void> {
  authorize(ctx.actor.userID !== 0, { permissions: 'session.valid' });
  if (isSelf(ctx, userID)) return;
  await authorizeActingOnUser(ctx, userID, 'users.edit');
}

/** An uploaded file as the route read it. */
export interface UploadedPhoto {
  fileName: string;
  bytes: Uint8Array;
}

/**
 * `POST /users/{id}/photo` (api-contract §3): a JPEG, PNG, GIF or WebP picture (checked by its
 * bytes, not its name), stored under a random name; the old picture is removed. The upload is
 * read through `readUpload` after the permission checks.
 * @throws AppError 403, 404, validation errors on `photo`.
 */
export async function setUserPhoto(
  ctx: RequestContext,
  ref: UserRef,
  readUpload: () => Promise<UploadedPhoto>,
): Promise<{ photoUrl: string }> {
  const userID = await resolveUserRef(ctx, ref);
  const row = await requireLiveUser(ctx.db, userID);
  await authorizePhotoEdit(ctx, userID);
  // Read only once the caller may change this picture.
  const upload = await readUpload();
  if (!imageExtensions.includes(extensionOf(upload.fileName)))
    throw fieldError('photo', photoExtensionMessage(), 422);
  if (upload.bytes.byteLength > USER_PHOTO_MAX_BYTES)
    throw fieldError('photo', photoTooBigMessage(), 422);
  const type = detectImageType(upload.bytes);
  if (type === null) throw fieldError('photo', NOT_AN_IMAGE, 422);
  const saved = await saveUpload(ctx.config.dataDir, {
    folder: PHOTO_FOLDER,
    bytes: upload.bytes,
    extension: imageTypes[type][0],
    type,
  });
  try {
    await updateUser(ctx.db, userID, { photo: saved.path, dateUpdated: nowIso() });
  } catch (error) {
    await deleteUpload(ctx.config.dataDir, saved.path);
    throw error;
  }
  if (row.photo !== null && isStoredUploadPath(row.photo))
    await deleteUpload(ctx.config.dataDir, row.photo);
  return { photoUrl: storedPhotoUrl(ctx.config.baseUrl, saved.path) ?? '' };
}

/**
 * `DELETE /users/{id}/photo` (api-contract §3).
 * @throws AppError 400 "The user does not have a photo.", 403, 404.
 */
export async function deleteUserPhoto(ctx: RequestContext, ref: UserRef): Promise<void> {
  const userID = await resolveUserRef(ctx, ref);
  const row = await requireLiveUser(ctx.db, userID);
  await authorizePhotoEdit(ctx, userID);
  if (row.photo === null || row.photo === '') throw new AppError(400, NO_PHOTO);
  await updateUser(ctx.db, userID, { photo: null, dateUpdated: nowIso() });
  if (isStoredUploadPath(row.photo)) await deleteUpload(ctx.config.dataDir, row.photo);
}
