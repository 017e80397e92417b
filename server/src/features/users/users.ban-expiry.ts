import { z } from 'zod';
import type { Db } from '../../platform/db/db.ts';
import { nowIso } from '../../platform/dates.ts';
import { enqueueJob } from '../../platform/jobs/enqueue.ts';
import { registerJob } from '../../platform/jobs/registry.ts';
import { logBan } from '../logs/logs.record.ts';
import { liftEndedBan } from './users.ban.repo.ts';

/** The job that lifts a ban at its `dateExpires` (api-contract §27.8). */
export const LIFT_ENDED_BAN_JOB = 'liftEndedBan';

const payloadSchema = z.object({ userID: z.number().int(), dateExpires: z.string() });

/** Schedules the lift of a ban with an end date, in the ban's transaction. */
export async function scheduleBanLift(
  trx: Db,
  userID: number,
  dateExpires: string,
  clock: () => number,
): Promise<void> {
  await enqueueJob(trx, LIFT_ENDED_BAN_JOB, { userID, dateExpires }, { runAt: dateExpires, clock });
}

/**
 * Lifts the user's ban if its end date has come (`dateExpires`: only that ban; null: any ended
 * ban), with a `ban` entry of the change log by the system (insertUserID 0). True when it lifted.
 */
async function liftAndLog(db: Db, userID: number, dateExpires: string | null, now: string): Promise<boolean> {
  return await db.transaction().execute(async (trx) => {
    const lifted = await liftEndedBan(trx, userID, dateExpires, now);
    if (!lifted) return false;
    await logBan(
      trx,
      { userID, name: lifted.name, dateInserted: lifted.dateInserted },
      { banned: false, reason: null, dateExpires: null },
      { insertUserID: 0, dateInserted: now },
    );
    return true;
  });
}

/**
 * api-contract §27.8 "the ban lifts itself then": every ban check (a request's actor, sign-in)
 * calls this for a banned user, so a lagging job never keeps a member banned past `dateExpires`.
 * True when the ban had ended and is now lifted.
 */
export async function liftBanIfEnded(db: Db, userID: number, clock: () => number): Promise<boolean> {
  return await liftAndLog(db, userID, null, nowIso(clock));
}

// Idempotent: a ban changed or lifted since is left alone (the request-time lift may have come first).
registerJob(LIFT_ENDED_BAN_JOB, {
  schema: payloadSchema,
  handler: async (payload, run) => {
    await liftAndLog(run.services.db, payload.userID, payload.dateExpires, nowIso(run.services.clock));
  },
});
