import type { JobServices } from '../../platform/jobs/registry.ts';
import { nowIso } from '../../platform/dates.ts';
import { logCommentDeletes } from '../logs/logs.record.ts';
import { deleteCommentWithCounters } from './comments.counters.ts';
import { findDiscussionContexts } from './comments.discussion-context.repo.ts';
import { findCommentByID } from './comments.repo.ts';

/**
 * Deletes a comment outside a request (a deleted user's content, `DELETE /users/{id}` with
 * `deleteMethod: delete`) as `DELETE /comments/{id}` does: counters, change log, the
 * `commentDeleted` event; a comment with replies stays as a tombstone so others' replies keep
 * their thread. The permission was checked when the job was enqueued. Returns false when gone.
 */
export async function deleteCommentForJob(
  services: JobServices,
  commentID: number,
  deleteUserID: number,
): Promise<boolean> {
  const by = { insertUserID: deleteUserID, dateInserted: nowIso(services.clock) };
  const place = await services.db.transaction().execute(async (trx) => {
    const comment = await findCommentByID(trx, commentID);
    if (!comment) return null;
    const discussion = (await findDiscussionContexts(trx, [comment.discussionID])).get(comment.discussionID);
    if (!discussion) return null;
    const gone = await deleteCommentWithCounters(trx, comment, 'tombstone');
    if (gone.length > 0) await logCommentDeletes(trx, gone, discussion.categoryID, by);
    return { discussionID: comment.discussionID, categoryID: discussion.categoryID };
  });
  if (place === null) return false;
  services.events.publish('commentDeleted', { commentID, ...place, deleteUserID });
  return true;
}
