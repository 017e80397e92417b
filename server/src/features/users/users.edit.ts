import type { FastifyBaseLogger } from 'fastify';
import type { PatchUserBody, User, UserRef } from '../../../../common/src/api/users.ts';
import { passwordLengthMessage } from '../../../../common/src/api/users.ts';
import type { RequestContext } from '../../http/context.ts';
import { authorize } from '../../permissions/authorize.ts';
import { bumpPermissionsVersion } from '../../permissions/permission-set.repo.ts';
import { nowIso } from '../../platform/dates.ts';
import { AppError, fieldError, validationError, type FieldError } from '../../platform/errors.ts';
import { generatePassword, hashPassword } from '../../platform/passwords.ts';
import { deleteUpload, isStoredUploadPath } from '../../platform/uploads.ts';
import {
  EMAIL_IN_USE,
  NAME_IN_USE,
  requestPasswordReset,
  resendConfirmation,
} from '../auth/accounts.service.ts';
import {
  checkPasswordThrottles,
  isCurrentPassword,
  recordRightPassword,
  recordWrongPassword,
  WRONG_PASSWORD,
} from '../auth/auth.service.ts';
import { getSettings } from '../config/config.service.ts';
import { canAssignRole } from '../roles/roles.policy.ts';
import { findPermissionRowsOfRoles } from '../roles/roles.service.ts';
import { refuseRemovingLastAdministrator, staysAdministratorWithRoles } from './users.admins.ts';
import { authorizeActingOnUser, rankOfUser } from './users.rank.ts';
import { userNameErrors } from './users.names.ts';
import {
  banRankRefusal,
  canBanUsers,
  canEditOwnProfile,
  canEditOwnUsername,
  canEditUsers,
  rankOf,
} from './users.policy.ts';
import { deleteUserSessionsExcept, updateUser, type UserChanges } from './users.repo.ts';
import { findRolesByIDs, findRolesOfUsers, replaceUserRoles } from './users.roles.repo.ts';
import { findNameOrEmailConflicts, uniqueViolationOf } from './users.names.repo.ts';
import {
  loadVisibility,
  requireLiveUser,
  isSelf,
  presentOne,
  resolveUserRef,
} from './users.service.ts';
import { BAN_HIGHER_RANK, BAN_SAME_RANK, BAN_NOT_ALLOWED } from './users.moderation.ts';
import { recordUserEditAudit } from './users.edit-audit.ts';

export const PASSWORD_CONFIRMATION_MISSING =
  'The field `passwordConfirmation` is required to edit this profile';
export const NO_ROLE = 'A user must have at least one role.';

/**
 * Validation errors of a role list (api-contract §3 `roleID`): empty → "A user must have at least
 * one role."; unknown IDs; roles the editor may not assign (403 item). Roles the user already
 * holds may stay (Vanilla's rule).
 */
export async function roleErrors(
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
  const rows = await findPermissionRowsOfRoles(
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

export async function passwordErrors(
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

export async function conflictErrors(
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
export function raceError(error: unknown): never {
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
 * The current password check of a self-edit (api-contract §3): wrong → 401 on `currentPassword`.
 * Wrong answers count against the same throttle as failed sign-ins.
 */
async function confirmCurrentPassword(
  ctx: RequestContext,
  userID: number,
  password: string,
): Promise<void> {
  await checkPasswordThrottles(ctx, userID, { onePerSecond: false });
  if (!(await isCurrentPassword(ctx, userID, password))) {
    await recordWrongPassword(ctx, userID);
    throw fieldError('currentPassword', WRONG_PASSWORD, 401);
  }
  await recordRightPassword(ctx, userID);
}

function emptyToNull(value: string | null): string | null {
  return value === null || value === '' ? null : value;
}

/** Keys a self-edit without `users.edit` may change (api-contract §3); others are dropped. */
const selfEditKeys = [
  'name',
  'email',
  'showEmail',
  'password',
  'private',
  'passwordConfirmation',
  'title',
  'profileFields',
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
  let previousRoleIDs: number[] = [];
  if (input.roleID !== undefined) {
    const existing = ((await findRolesOfUsers(ctx.db, [userID])).get(userID) ?? []).map(
      (role) => role.roleID,
    );
    previousRoleIDs = existing;
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
  // Issue 15: plain-text profile fields; an empty value clears the field.
  if (input.title !== undefined) changes.title = emptyToNull(input.title);
  if (input.profileFields?.location !== undefined)
    changes.location = emptyToNull(input.profileFields.location);
  if (input.profileFields?.about !== undefined)
    changes.about = emptyToNull(input.profileFields.about);
  const newPassword = input.password ?? (input.resetPassword ? generatePassword(32) : undefined);
  if (newPassword !== undefined) changes.passwordHash = await hashPassword(newPassword);
  const changed = Object.keys(changes).length > 0 || roleIDs !== undefined;
  if (changed) changes.dateUpdated = nowIso(ctx.clock);

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
        await recordUserEditAudit(ctx, trx, row, {
          banned: banned === undefined || banned === (row.banned === 0 ? 0 : 1) ? undefined : banned === 1,
          roleIDs: roleIDs === undefined ? undefined : { old: previousRoleIDs, new: roleIDs },
        });
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
  return presentOne(ctx, fresh, await loadVisibility(ctx), false, true);
}
