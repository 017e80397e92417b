import type { RequestContext } from '../../http/context.ts';
import type { Db } from '../../platform/db/db.ts';
import { nowIso } from '../../platform/dates.ts';
import { recordAudit } from '../audit-logs/audit-logs.record.ts';
import { logBan } from '../logs/logs.record.ts';

/**
 * What `PATCH /users/{id}` records, in its transaction: a ban or unban (a change-log `ban` entry
 * and a `user_ban`/`user_unban` audit event, api-contract §27.8) and a role change
 * (`user_roleModification` with the old and new role IDs, §27.9).
 */
export async function recordUserEditAudit(
  ctx: RequestContext,
  trx: Db,
  user: { userID: number; name: string; dateInserted: string },
  change: { banned: boolean | undefined; roleIDs: { old: number[]; new: number[] } | undefined },
): Promise<void> {
  if (change.banned !== undefined) {
    const now = nowIso(ctx.clock);
    await logBan(trx, user, { banned: change.banned, reason: null, dateExpires: null }, { insertUserID: ctx.actor.userID, dateInserted: now });
    await recordAudit(
      ctx,
      {
        eventType: change.banned ? 'user_ban' : 'user_unban',
        message: `${change.banned ? 'Banned' : 'Unbanned'} user ${user.name}.`,
        context: { userID: user.userID, name: user.name, banned: { old: !change.banned, new: change.banned } },
      },
      trx,
    );
  }
  if (change.roleIDs !== undefined) {
    const sameRoles =
      change.roleIDs.old.length === change.roleIDs.new.length &&
      change.roleIDs.new.every((roleID) => change.roleIDs?.old.includes(roleID));
    if (sameRoles) return;
    await recordAudit(
      ctx,
      {
        eventType: 'user_roleModification',
        message: `Changed the roles of ${user.name}.`,
        context: { userID: user.userID, roleIDs: change.roleIDs },
      },
      trx,
    );
  }
}
