import { z } from 'zod';
import type { Db } from '../../platform/db/db.ts';
import { enqueueJob } from '../../platform/jobs/enqueue.ts';
import { registerJob, type JobServices } from '../../platform/jobs/registry.ts';
import { deleteCommentForJob } from '../comments/comments.delete-for-user.ts';
import { deleteDiscussionForJob } from '../discussions/discussions.delete-for-user.ts';
import { findUserCommentIDs, findUserDiscussionIDs, wipeUserContentBatch } from './users.delete-content.repo.ts';

/** The job that wipes or deletes a deleted user's content (`DELETE /users/{id}`, api-contract §3). */
export const DELETE_USER_CONTENT_JOB = 'deleteUserContent';

/** Vanilla's text for a wiped post (UserModel::deleteContent, `deleteMethod: wipe`). */
export const WIPED_CONTENT_TEXT = 'The user and all related content has been deleted.';

/** Records handled per run; the job enqueues itself again while any are left. */
export const DELETE_CONTENT_BATCH = 50;

const payloadSchema = z.object({
  userID: z.number().int(),
  method: z.enum(['wipe', 'delete']),
  /** Who deleted the account: the author of the change-log entries. */
  deleteUserID: z.number().int(),
});
type Payload = z.output<typeof payloadSchema>;

/** Schedules the content work of a user deletion, in the deletion's transaction. */
export async function scheduleUserContentDeletion(trx: Db, payload: Payload, clock: () => number): Promise<void> {
  await enqueueJob(trx, DELETE_USER_CONTENT_JOB, payload, { clock });
}

/** One batch: returns whether work may be left. */
async function runBatch(services: JobServices, payload: Payload): Promise<boolean> {
  if (payload.method === 'wipe') {
    const changed = await services.db
      .transaction()
      .execute((trx) => wipeUserContentBatch(trx, payload.userID, WIPED_CONTENT_TEXT, DELETE_CONTENT_BATCH));
    return changed > 0;
  }
  // Progress counts records actually deleted: one that cannot go (its category vanished) ends the
  // job instead of enqueuing it again forever.
  let done = 0;
  const discussionIDs = await findUserDiscussionIDs(services.db, payload.userID, DELETE_CONTENT_BATCH);
  for (const discussionID of discussionIDs)
    if (await deleteDiscussionForJob(services, discussionID, payload.deleteUserID)) done += 1;
  if (discussionIDs.length === DELETE_CONTENT_BATCH) return done > 0;
  const commentIDs = await findUserCommentIDs(services.db, payload.userID, DELETE_CONTENT_BATCH - discussionIDs.length);
  for (const commentID of commentIDs)
    if (await deleteCommentForJob(services, commentID, payload.deleteUserID)) done += 1;
  return done > 0;
}

// Idempotent: each run handles what is left of the user's content, a batch at a time, and
// enqueues the next run while anything changed (a prolific user never holds one long transaction).
registerJob(DELETE_USER_CONTENT_JOB, {
  schema: payloadSchema,
  handler: async (payload, run) => {
    const more = await runBatch(run.services, payload);
    if (more) run.services.guestCache?.invalidate();
    if (more) await scheduleUserContentDeletion(run.services.db, payload, run.services.clock);
  },
});
