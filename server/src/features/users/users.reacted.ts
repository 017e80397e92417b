import type { ReactedItem, ReactedQuery, UserRef } from '../../../../common/src/api/users.ts';
import { readExpand } from '../../../../common/src/api/common.ts';
import type { RequestContext } from '../../http/context.ts';
import { authorize } from '../../permissions/authorize.ts';
import { categoryIDsWith } from '../../permissions/category-scope.ts';
import { toApiDate } from '../../platform/dates.ts';
import { commentUrl, discussionUrl } from '../discussions/discussions.present.ts';
import { canViewProfiles } from './users.policy.ts';
import { findReactedPosts, findReactionTagID } from './users.reacted.repo.ts';
import {
  hidesActivityOf,
  loadUserFragments,
  requireLiveUser,
  resolveUserRef,
} from './users.service.ts';


/**
 * `GET /users/{id}/reacted` (api-contract §3, the profile's reactions tab): the user's posts that
 * received reactions (of `reactionUrlcode` when given), in categories the viewer may see, newest
 * first. A private profile's posts are listed only for the user and `personalInfo.view` holders.
 * @throws AppError 403 without `profiles.view`, 404 for a missing user.
 */
export async function listReactedPosts(
  ctx: RequestContext,
  ref: UserRef,
  query: ReactedQuery,
): Promise<ReactedItem[]> {
  authorize(canViewProfiles(ctx.permissions), { permissions: 'profiles.view' });
  const userID = await resolveUserRef(ctx, ref);
  await requireLiveUser(ctx.db, userID);
  if (await hidesActivityOf(ctx, [userID])) return [];
  let tagID: number | undefined;
  if (query.reactionUrlcode !== undefined) {
    tagID = await findReactionTagID(ctx.db, query.reactionUrlcode);
    if (tagID === undefined) return [];
  }
  const rows = await findReactedPosts(ctx.db, {
    userID,
    tagID,
    scope: categoryIDsWith(ctx.permissions, 'discussions.view'),
    offset: (query.page - 1) * query.limit,
    limit: query.limit,
  });
  const expand = readExpand(query.expand, ['insertUser', 'updateUser']);
  const userIDs = new Set<number>();
  for (const row of rows) {
    if (expand.insertUser) userIDs.add(row.insertUserID);
    if (expand.updateUser && row.updateUserID !== null) userIDs.add(row.updateUserID);
  }
  const users = await loadUserFragments(ctx, [...userIDs]);
  const baseUrl = ctx.config.baseUrl;
  return rows.map((row) => {
    const insertUser = expand.insertUser ? users.get(row.insertUserID) : undefined;
    const updateUser =
      expand.updateUser && row.updateUserID !== null ? users.get(row.updateUserID) : undefined;
    return {
      name: row.recordType === 'comment' ? `Re: ${row.name}` : row.name,
      body: row.body,
      format: row.format,
      insertUserID: row.insertUserID,
      updateUserID: row.updateUserID,
      dateInserted: toApiDate(row.dateInserted),
      dateUpdated: toApiDate(row.dateUpdated),
      recordID: row.recordID,
      recordType: row.recordType === 'discussion' ? 'Discussion' : 'Comment',
      url:
        row.recordType === 'discussion'
          ? discussionUrl(baseUrl, row.recordID, row.name)
          : commentUrl(baseUrl, row.recordID),
      ...(insertUser ? { insertUser } : {}),
      ...(updateUser ? { updateUser } : {}),
    };
  });
}
