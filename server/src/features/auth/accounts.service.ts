import type { FastifyBaseLogger } from 'fastify';
import type { ConfirmedEmail, RegisterBody, RegisteredUser, ResetPasswordBody } from '../../../../common/src/api/auth.ts';
import type { RequestContext } from '../../http/context.ts';
import { authorize } from '../../permissions/authorize.ts';
import { bumpPermissionsVersion } from '../../permissions/permission-set.repo.ts';
import { isoAfter, nowIso } from '../../platform/dates.ts';
import { AppError, fieldError, notFound, validationError, type FieldError } from '../../platform/errors.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { randomToken } from '../../platform/secrets.ts';
import { clearThrottlesStartingWith, enforceThrottle, type ThrottleRule } from '../../platform/throttle.ts';
import { isUniqueViolation } from '../../platform/db/dialect.ts';
import { signInFailuresPrefix } from './auth.service.ts';
import { hashToken } from '../tokens/token-hash.ts';
import { confirmEmailMessage, confirmEmailUrl, resetPasswordMessage, resetPasswordUrl } from './auth.mail.ts';
import { canResendConfirmation } from './auth.policy.ts';
import { authorizeActingOnUser } from '../users/users.rank.ts';
import { NAME_IN_USE } from '../users/user-names.ts';
import { userNameErrors } from '../users/users.names.ts';
import {
  deleteUserRoles,
  findAccountByID,
  findAccountByNameOrEmail,
  findRoleIDsByType,
  findTakenNameAndEmail,
  insertAccount,
  insertUserRoles,
  markEmailConfirmed,
  updatePasswordHash,
  type AccountRow,
} from './auth.repo.ts';
import { loadAuthSettings, type AuthSettings } from './auth.settings.ts';
import { deleteUserSessions } from './sessions.repo.ts';
import { findUserToken, insertUserToken, spendUserToken, voidUserTokens, type UserTokenPurpose } from './user-tokens.repo.ts';
import { recordAudit } from '../audit-logs/audit-logs.record.ts';

export { NAME_IN_USE };
export const EMAIL_IN_USE = 'The email you entered is already in use.';
export const ALREADY_CONFIRMED = 'This email has already been confirmed';
export const UNSUPPORTED_METHOD = 'Unsupported registration method.';
/** Vanilla's honeypot text (`Gdn_Validation::validate`). */
export const HONEYPOT_MESSAGE =
  "You've filled our honeypot! We use honeypots to help prevent spam. If you're not a spammer or a bot, you should contact the application administrator for help.";
/** Vanilla's "Couldn't confirm email." text. */
export const CONFIRMATION_FAILED =
  "We couldn't confirm your email. Check the link in the email we sent you or try sending another confirmation email.";
/** Vanilla's password reset failure text. */
export const RESET_FAILED = 'Failed to authenticate your password reset request. Try using the reset request form again.';

/** Confirmation codes stay valid a week (a new one voids the old); reset codes one hour. */
export const CONFIRM_CODE_SECONDS = 7 * 24 * 60 * 60;
export const RESET_CODE_SECONDS = 60 * 60;

/** Throttles of the account calls (api-contract §1.13, inferred limits). */
export const accountThrottles = {
  registerPerIP: { limit: 20, windowSeconds: 60 * 60 },
  passwordRequestPerIP: { limit: 10, windowSeconds: 15 * 60 },
  passwordRequestPerUser: { limit: 3, windowSeconds: 15 * 60 },
  confirmResendPerUser: { limit: 3, windowSeconds: 15 * 60 },
} as const satisfies Record<string, ThrottleRule>;

export const REGISTER_THROTTLE_MESSAGE = 'You are trying to register too often. Slow down!';
export const PASSWORD_REQUEST_THROTTLE_MESSAGE = 'You are trying to reset your password too often. Slow down!';
export const CONFIRM_RESEND_THROTTLE_MESSAGE = 'You are trying to send the confirmation email too often. Slow down!';

function passwordLengthError(password: string, settings: AuthSettings): FieldError | null {
  if ([...password].length >= settings.passwordMinLength) return null;
  return {
    field: 'password',
    code: 'minLength',
    message: `Your password must be at least ${settings.passwordMinLength} characters long.`,
    status: 422,
  };
}

async function takenErrors(ctx: RequestContext, name: string, email: string): Promise<FieldError[]> {
  const taken = await findTakenNameAndEmail(ctx.db, name, email);
  const errors = await userNameErrors(ctx.db, name);
  if (taken.name && errors.length === 0) errors.push({ field: 'name', code: 'invalid', message: NAME_IN_USE, status: 400 });
  if (taken.email) errors.push({ field: 'email', code: 'invalid', message: EMAIL_IN_USE, status: 400 });
  return errors;
}

/** Stores a new single-use code (hashed) for a user, voiding the user's older ones of that purpose. */
async function issueCode(ctx: RequestContext, account: AccountRow, purpose: UserTokenPurpose, seconds: number): Promise<string> {
  const code = randomToken(24);
  const now = nowIso();
  await ctx.db.transaction().execute(async (trx) => {
    await voidUserTokens(trx, account.userID, purpose, now);
    await insertUserToken(trx, {
      tokenHash: hashToken(code),
      userID: account.userID,
      purpose,
      email: account.email,
      now,
      dateExpires: isoAfter(seconds),
    });
  });
  return code;
}

async function sendConfirmation(ctx: RequestContext, account: AccountRow & { email: string }, settings: AuthSettings): Promise<void> {
  const code = await issueCode(ctx, account, 'confirmEmail', CONFIRM_CODE_SECONDS);
  await ctx.mailer.send(
    confirmEmailMessage({
      siteTitle: settings.siteTitle,
      to: account.email,
      name: account.name,
      url: confirmEmailUrl(ctx.config.mailBaseUrl, account.userID, code),
    }),
  );
}

/** Registration outcome: the new user, or `pending` when the account awaits approval (202). */
export type RegisterResult = { kind: 'registered'; user: RegisteredUser } | { kind: 'pending' };

/**
 * `POST /users/register` (api-contract §2). New users get the `unconfirmed` role and a
 * confirmation e-mail while `registration.confirmEmail` is on (the default), else `member`;
 * with `registration.method` `approval` they become applicants. A failed e-mail is logged: the
 * account exists and the confirmation can be sent again.
 * @throws AppError 400 unsupported method, name/e-mail in use or a filled honeypot (`hpt`), 422 short password, 429 throttled.
 */
export async function registerUser(ctx: RequestContext, input: RegisterBody, log: FastifyBaseLogger): Promise<RegisterResult> {
  const settings = await loadAuthSettings(ctx.db);
  const method = settings.registrationMethod;
  // `captcha` registers like `basic`: Hearth ships no captcha provider.
  if (method !== 'basic' && method !== 'captcha' && method !== 'approval') throw new AppError(400, UNSUPPORTED_METHOD);
  await enforceThrottle(ctx.db, `register:ip:${ctx.ipAddress}`, accountThrottles.registerPerIP, REGISTER_THROTTLE_MESSAGE, ctx.clock());
  // Issue 17: a filled honeypot is refused as Vanilla's form validation does (no account is made).
  if (input.hpt !== undefined && input.hpt !== '') throw fieldError('hpt', HONEYPOT_MESSAGE, 400);

  const errors = await takenErrors(ctx, input.name, input.email);
  const lengthError = passwordLengthError(input.password, settings);
  if (lengthError) errors.push(lengthError);
  if (errors.length > 0) throw validationError(errors);

  const roleType = method === 'approval' ? 'applicant' : settings.confirmEmail ? 'unconfirmed' : 'member';
  const passwordHash = await hashPassword(input.password);
  let userID: number;
  try {
    userID = await ctx.db.transaction().execute(async (trx) => {
      const id = await insertAccount(trx, { name: input.name, email: input.email, passwordHash, ipAddress: ctx.ipAddress, now: nowIso() });
      await insertUserRoles(trx, id, await findRoleIDsByType(trx, roleType));
      return id;
    });
  } catch (error) {
    // A concurrent registration took the name or e-mail between the check and the insert.
    if (!isUniqueViolation(error)) throw error;
    const raced = await takenErrors(ctx, input.name, input.email);
    throw validationError(raced.length > 0 ? raced : [{ field: 'name', code: 'invalid', message: NAME_IN_USE, status: 400 }]);
  }

  if (method === 'approval') return { kind: 'pending' };
  if (settings.confirmEmail) {
    const account = await findAccountByID(ctx.db, userID);
    if (account?.email) {
      try {
        await sendConfirmation(ctx, { ...account, email: account.email }, settings);
      } catch (error) {
        log.error({ err: error, userID }, 'could not send the confirmation e-mail');
      }
    }
  }
  return { kind: 'registered', user: { userID, name: input.name, email: input.email } };
}

async function requireAccount(ctx: RequestContext, userID: number): Promise<AccountRow> {
  const account = await findAccountByID(ctx.db, userID);
  if (!account || account.deleted) throw notFound('User');
  return account;
}

/**
 * `POST /users/{id}/confirm-email` (api-contract §2): spends the code, confirms the address and
 * moves the user from the `unconfirmed` role to `member`.
 * @throws AppError 404 unknown user, 400 already confirmed or wrong/expired/used code.
 */
export async function confirmEmail(ctx: RequestContext, userID: number, confirmationCode: string): Promise<ConfirmedEmail> {
  const account = await requireAccount(ctx, userID);
  if (account.emailConfirmed) throw new AppError(400, ALREADY_CONFIRMED);
  const failed = () => fieldError('confirmationCode', CONFIRMATION_FAILED, 400);
  const tokenHash = hashToken(confirmationCode);
  const token = await findUserToken(ctx.db, tokenHash, userID, 'confirmEmail');
  if (!token || token.email === null || token.email !== account.email) throw failed();

  const now = nowIso();
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await spendUserToken(trx, tokenHash, now))) throw failed();
    if (!(await markEmailConfirmed(trx, userID, token.email ?? '', now))) throw failed();
    const removed = await deleteUserRoles(trx, userID, await findRoleIDsByType(trx, 'unconfirmed'));
    if (removed > 0) {
      await insertUserRoles(trx, userID, await findRoleIDsByType(trx, 'member'));
      await bumpPermissionsVersion(trx);
    }
  });
  return { userID, email: account.email, emailConfirmed: true };
}

/**
 * `POST /users/{id}/confirm-email/resend` (the `/entry/emailconfirmrequest` page): a new code and
 * e-mail; older codes stop working.
 * @throws AppError 403 not self without `users.edit`, 404, 400 already confirmed or no e-mail, 429.
 */
export async function resendConfirmation(ctx: RequestContext, ref: '$me' | number): Promise<{ userID: number; email: string }> {
  const userID = ref === '$me' ? ctx.actor.userID : ref;
  authorize(canResendConfirmation(ctx.actor, ctx.permissions, userID), { permissions: 'users.edit' });
  const account = await requireAccount(ctx, userID);
  await authorizeActingOnUser(ctx, userID, 'users.edit');
  if (account.emailConfirmed) throw new AppError(400, ALREADY_CONFIRMED);
  const email = account.email;
  if (!email) throw new AppError(400, 'The user does not have an email address.');
  await enforceThrottle(ctx.db, `confirm-email:user:${userID}`, accountThrottles.confirmResendPerUser, CONFIRM_RESEND_THROTTLE_MESSAGE, ctx.clock());
  await sendConfirmation(ctx, { ...account, email }, await loadAuthSettings(ctx.db));
  return { userID, email };
}

/**
 * `POST /users/request-password` (api-contract §2): e-mails a one-hour, single-use reset link to
 * the user named by e-mail or name.
 * @throws AppError 404 validation error "User not found." on `email`, 429 throttled.
 */
export async function requestPasswordReset(ctx: RequestContext, nameOrEmail: string): Promise<void> {
  await enforceThrottle(ctx.db, `password-request:ip:${ctx.ipAddress}`, accountThrottles.passwordRequestPerIP, PASSWORD_REQUEST_THROTTLE_MESSAGE, ctx.clock());
  const account = await findAccountByNameOrEmail(ctx.db, nameOrEmail);
  const email = account?.email;
  if (!account || account.deleted || !email) throw fieldError('email', 'User not found.', 404);
  await enforceThrottle(
    ctx.db,
    `password-request:user:${account.userID}`,
    accountThrottles.passwordRequestPerUser,
    PASSWORD_REQUEST_THROTTLE_MESSAGE,
    ctx.clock(),
  );
  const settings = await loadAuthSettings(ctx.db);
  const code = await issueCode(ctx, account, 'resetPassword', RESET_CODE_SECONDS);
  await ctx.mailer.send(
    resetPasswordMessage({
      siteTitle: settings.siteTitle,
      to: email,
      name: account.name,
      url: resetPasswordUrl(ctx.config.mailBaseUrl, account.userID, code),
      validMinutes: RESET_CODE_SECONDS / 60,
    }),
  );
  await recordAudit(ctx, {
    eventType: 'passwordReset_emailSent',
    message: `Sent a password reset e-mail to ${account.name}.`,
    context: { userID: account.userID },
  });
}

/**
 * `POST /users/{id}/reset-password`: sets a new password with the e-mailed code, spends it and every
 * other reset code, and ends all the user's sessions.
 * @throws AppError 404 unknown user, 422 short password, 400 wrong/expired/used code.
 */
export async function resetPassword(ctx: RequestContext, userID: number, input: ResetPasswordBody): Promise<{ userID: number }> {
  await requireAccount(ctx, userID);
  const settings = await loadAuthSettings(ctx.db);
  const lengthError = passwordLengthError(input.password, settings);
  if (lengthError) throw validationError([lengthError]);
  const failed = () => fieldError('resetCode', RESET_FAILED, 400);
  const tokenHash = hashToken(input.resetCode);
  const token = await findUserToken(ctx.db, tokenHash, userID, 'resetPassword');
  if (!token) {
    await recordAudit(ctx, { eventType: 'passwordReset_failed', message: 'A password reset failed.', context: { userID } });
    throw failed();
  }

  const passwordHash = await hashPassword(input.password);
  const now = nowIso();
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await spendUserToken(trx, tokenHash, now))) throw failed();
    await updatePasswordHash(trx, userID, passwordHash, now);
    await voidUserTokens(trx, userID, 'resetPassword', now);
    await deleteUserSessions(trx, userID);
  });
  // The new password is proof enough: earlier wrong guesses no longer hold the account back.
  await clearThrottlesStartingWith(ctx.db, signInFailuresPrefix(userID));
  await recordAudit(ctx, { eventType: 'passwordReset_completed', message: 'A password was reset.', context: { userID } });
  return { userID };
}
