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

// Idempotent: a ban changed or lifted since is left alone; the lift is a `ban` entry of the change
// log by the system (insertUserID 0).
registerJob(LIFT_ENDED_BAN_JOB, {
  schema: payloadSchema,
  handler: async (payload, run) => {
    const now = nowIso(run.services.clock);
    await run.services.db.transaction().execute(async (trx) => {
      const lifted = await liftEndedBan(trx, payload.userID, payload.dateExpires, now);
      if (!lifted) return;
      await logBan(
        trx,
        { userID: payload.userID, name: lifted.name, dateInserted: lifted.dateInserted },
        { banned: false, reason: null, dateExpires: null },
        { insertUserID: 0, dateInserted: now },
      );
    });
  },
});
