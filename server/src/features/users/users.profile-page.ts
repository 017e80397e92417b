import { commentsQuerySchema } from '../../../../common/src/api/comments.ts';
import {
  bookmarkedQuerySchema,
  discussionsQuerySchema,
} from '../../../../common/src/api/discussions.ts';
import {
  profileRouteOf,
  type ProfileBootstrap,
  type ProfileBootstrapList,
  type ProfileListKind,
} from '../../../../common/src/api/profiles.ts';
import type { User } from '../../../../common/src/api/users.ts';
import type { RequestContext } from '../../http/context.ts';
import { AppError } from '../../platform/errors.ts';
import { listComments } from '../comments/comments.service.ts';
import { listBookmarked, listDiscussions } from '../discussions/discussions.list.ts';
import { getUser, isSelf } from './users.service.ts';

/** Items per page of every profile list (the web's PROFILE_PAGE_LIMIT). */
export const PROFILE_PAGE_LIMIT = 30;
/** The activity tab shows the latest few of each list. */
export const PROFILE_ACTIVITY_LIMIT = 5;

/** Whether a user object is the restricted view (private profile, or no `profiles.view`). */
function isRestricted(user: User): boolean {
  return user.dateInserted === undefined;
}

async function loadList(
  ctx: RequestContext,
  kind: ProfileListKind,
  userID: number,
  page: number,
  limit: number,
): Promise<ProfileBootstrapList> {
  const paging = (result: { page: number; limit: number; total?: number | undefined }) => ({
    currentPage: result.page,
    limit: result.limit,
    ...(result.total === undefined ? {} : { total: result.total }),
  });
  if (kind === 'comments') {
    const { comments, paging: info } = await listComments(
      ctx,
      commentsQuerySchema.parse({ insertUserID: userID, page, limit, sort: '-dateInserted' }),
    );
    return { kind, userID, page, limit, data: { items: comments, paging: paging(info) } };
  }
  const { discussions, paging: info } =
    kind === 'bookmarks'
      ? await listBookmarked(
          ctx,
          bookmarkedQuerySchema.parse({ page, limit, expand: ['insertUser', 'lastUser'] }),
        )
      : await listDiscussions(
          ctx,
          discussionsQuerySchema.parse({
            insertUserID: userID,
            page,
            limit,
            sort: '-dateInserted',
            expand: ['insertUser', 'lastUser', 'breadcrumbs'],
          }),
        );
  return { kind, userID, page, limit, data: { items: discussions, paging: paging(info) } };
}

/**
 * The data of a server-rendered profile page (issue 15, spec 000 §2): the user as the viewer may
 * see it and the first lists of the tab, through the same services as the API (the same
 * permission checks and category scoping). Null for paths that are not profile pages.
 */
export async function loadProfilePage(
  ctx: RequestContext,
  pathname: string,
): Promise<ProfileBootstrap | null> {
  const route = profileRouteOf(pathname);
  if (route === null) return null;
  let user: User;
  try {
    user = await getUser(ctx, { kind: 'name', name: route.name }, new Set(['all']));
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404)
      return { name: route.name, error: { status: 404, message: 'User not found.' } };
    throw error;
  }
  const profile: ProfileBootstrap = { name: route.name, user };
  if (isRestricted(user)) return profile;
  const userID = user.userID;
  if (route.tab === 'activity') {
    profile.lists = await Promise.all([
      loadList(ctx, 'discussions', userID, 1, PROFILE_ACTIVITY_LIMIT),
      loadList(ctx, 'comments', userID, 1, PROFILE_ACTIVITY_LIMIT),
    ]);
  } else if (route.tab === 'discussions' || route.tab === 'comments') {
    profile.lists = [await loadList(ctx, route.tab, userID, route.page, PROFILE_PAGE_LIMIT)];
  } else if (route.tab === 'bookmarks' && isSelf(ctx, userID)) {
    profile.lists = [await loadList(ctx, 'bookmarks', userID, route.page, PROFILE_PAGE_LIMIT)];
  }
  return profile;
}
