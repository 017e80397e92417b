import type { JobServices } from '../../platform/jobs/registry.ts';
import { nowIso } from '../../platform/dates.ts';
import { findCategory } from '../categories/categories.lookup.ts';
import { logDiscussionDelete } from '../logs/logs.record.ts';
import { deleteDiscussionWithCounters } from './discussions.counters.ts';
import { findDiscussionByID } from './discussions.repo.ts';
import { findDiscussionCommentRows } from './discussions.restore.repo.ts';

/**
 * Deletes a discussion with its comments outside a request (a deleted user's content, `DELETE
 * /users/{id}` with `deleteMethod: delete`): the counters, last post and change-log entry of
 * `DELETE /discussions/{id}`, and its `discussionDeleted` event (search, live streams). The
 * permission was checked when the job was enqueued. Returns false when the discussion is gone.
 */
export async function deleteDiscussionForJob(
  services: JobServices,
  discussionID: number,
  deleteUserID: number,
): Promise<boolean> {
  const by = { insertUserID: deleteUserID, dateInserted: nowIso(services.clock) };
  const categoryID = await services.db.transaction().execute(async (trx) => {
    const row = await findDiscussionByID(trx, discussionID);
    if (!row) return null;
    const category = await findCategory(trx, row.categoryID);
    if (!category) return null;
    await logDiscussionDelete(trx, row, await findDiscussionCommentRows(trx, discussionID), by);
    await deleteDiscussionWithCounters(trx, row, category);
    return category.categoryID;
  });
  if (categoryID === null) return false;
  services.events.publish('discussionDeleted', { discussionID, categoryID, deleteUserID });
  return true;
}
