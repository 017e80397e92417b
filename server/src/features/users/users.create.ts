import type { FastifyBaseLogger } from 'fastify';
import type { CreateUserBody, User } from '../../../../common/src/api/users.ts';
import type { RequestContext } from '../../http/context.ts';
import { authorize } from '../../permissions/authorize.ts';
import { bumpPermissionsVersion } from '../../permissions/permission-set.repo.ts';
import { nowIso } from '../../platform/dates.ts';
import { validationError } from '../../platform/errors.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { getSettings } from '../config/config.service.ts';
import { welcomeMessage } from './users.mail.ts';
import { canAddUsers } from './users.policy.ts';
import { insertUser } from './users.repo.ts';
import { findRoleIDByType, replaceUserRoles } from './users.roles.repo.ts';
import { conflictErrors, passwordErrors, raceError, roleErrors } from './users.edit.ts';
import { presentOne, requireLiveUser, loadVisibility } from './users.service.ts';

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
        dateInserted: nowIso(ctx.clock),
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
