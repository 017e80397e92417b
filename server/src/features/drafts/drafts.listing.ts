import type { Breadcrumb } from '../../../../common/src/api/categories.ts';
import { EDIT_COMMENT_PARAM, type DraftListItem } from '../../../../common/src/api/drafts.ts';
import type { RequestContext } from '../../http/context.ts';
import { findCategoriesByIDs } from '../categories/categories.lookup.ts';
import { canViewCategory } from '../categories/categories.policy.ts';
import { loadBreadcrumbs } from '../categories/categories.presentation.ts';
import { commentUrl, discussionUrl } from '../discussions/discussions.present.ts';
import { presentDraftListItem, type DraftListing } from './drafts.present.ts';
import {
  findCommentDiscussionIDs,
  findDraftDiscussions,
  type DraftDiscussionTarget,
  type DraftRow,
} from './drafts.repo.ts';
import { attributesOf, categoryIDOfDraft, discussionIDOfCommentDraft } from './drafts.shape.ts';

/** A comment's page that opens its edit editor (`EDIT_COMMENT_PARAM`). */
function commentEditUrl(baseUrl: string, commentID: number): string {
  const id = String(commentID);
  return `${baseUrl}/discussion/comment/${id}?${EDIT_COMMENT_PARAM}=${id}#Comment_${id}`;
}

/** The discussion a draft belongs to: the edited one, a comment's, or none (a new discussion). */
function discussionIDOf(row: DraftRow, commentDiscussions: Map<number, number>): number | null {
  if (row.recordType === 'discussion') return row.recordID;
  if (row.recordType === 'comment') {
    if (row.recordID !== null) return commentDiscussions.get(row.recordID) ?? null;
    return discussionIDOfCommentDraft(row);
  }
  return null;
}

/**
 * The listing extras of `GET /drafts` (api-contract §23) for a page of drafts, in three batched
 * reads: the discussions and comments they point at, then the categories. A target the viewer
 * can no longer see lends no name, breadcrumbs or link.
 */
export async function presentListing(ctx: RequestContext, rows: readonly DraftRow[]): Promise<DraftListItem[]> {
  const { baseUrl } = ctx.config;
  const commentIDs = rows.flatMap((row) => (row.recordType === 'comment' && row.recordID !== null ? [row.recordID] : []));
  const commentDiscussions = await findCommentDiscussionIDs(ctx.db, commentIDs);
  const discussionIDs = rows.flatMap((row) => {
    const id = discussionIDOf(row, commentDiscussions);
    return id === null ? [] : [id];
  });
  const discussions = await findDraftDiscussions(ctx.db, discussionIDs);
  const categoryIDOf = (row: DraftRow, discussion: DraftDiscussionTarget | undefined): number | null =>
    discussion?.categoryID ?? (row.recordType === 'discussion' ? categoryIDOfDraft({ ...row, attributes: attributesOf(row) }) : null);
  const categoryIDs = rows.flatMap((row) => {
    const id = categoryIDOf(row, discussions.get(discussionIDOf(row, commentDiscussions) ?? 0));
    return id === null ? [] : [id];
  });
  const categories = await findCategoriesByIDs(ctx.db, categoryIDs);
  const visible = [...categories.values()].filter((category) => canViewCategory(ctx.permissions, category));
  const visibleIDs = new Set(visible.map((category) => category.categoryID));
  const breadcrumbs: Map<number, Breadcrumb[]> = await loadBreadcrumbs(ctx, visible);

  return rows.map((row) => {
    const attributes = attributesOf(row);
    const discussionID = discussionIDOf(row, commentDiscussions);
    const found = discussionID === null ? undefined : discussions.get(discussionID);
    const categoryID = categoryIDOf(row, found);
    const canSee = categoryID !== null && visibleIDs.has(categoryID);
    const discussion = found && canSee ? found : undefined;
    const ownName = attributes.draftMeta?.name ?? attributes.name ?? null;
    const listing: DraftListing = {
      name: row.recordType === 'comment' ? (discussion?.name ?? null) : ownName || (discussion?.name ?? null),
      editUrl: null,
      breadCrumbs: canSee ? (breadcrumbs.get(categoryID) ?? null) : null,
      permaLink: null,
    };
    if (row.recordType === 'discussion') {
      listing.editUrl = `${baseUrl}/post/editdiscussion/${String(row.recordID ?? 0)}/${String(row.draftID)}`;
      if (discussion) listing.permaLink = discussionUrl(baseUrl, discussion.discussionID, discussion.name);
    } else if (row.recordType === 'comment' && discussion) {
      if (row.recordID === null) {
        listing.permaLink = discussionUrl(baseUrl, discussion.discussionID, discussion.name);
        listing.editUrl = listing.permaLink;
      } else {
        // An edit of an existing comment: its page with the edit editor open, the draft restored.
        listing.permaLink = commentUrl(baseUrl, row.recordID);
        listing.editUrl = commentEditUrl(baseUrl, row.recordID);
      }
    }
    return presentDraftListItem(row, listing);
  });
}
