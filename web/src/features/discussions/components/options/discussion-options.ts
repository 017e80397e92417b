import { has } from '../../../../../../common/src/permissions/has.ts';
import type { PermissionName } from '../../../../../../common/src/permissions/names.ts';
import type { PermissionSet } from '../../../../../../common/src/permissions/types.ts';
import type {
  Discussion,
  DiscussionPermissionKey,
} from '../../../../../../common/src/api/discussions.ts';

/** Every entry of the discussion options menu (spec 000 §2). */
export type DiscussionOption =
  | 'edit'
  | 'delete'
  | 'move'
  | 'changeType'
  | 'tag'
  | 'resolve'
  | 'announce'
  | 'changeAuthor'
  | 'addToCollection'
  | 'mute'
  | 'dismiss'
  | 'bump'
  | 'sink'
  | 'close'
  | 'revisionHistory'
  | 'report';

/** spec 000 §2 groups: edit/delete/move/change type/tag/resolve; announce/change author/add to collection; mute/bump/sink/close; revision history. */
export const discussionOptionGroups: readonly (readonly DiscussionOption[])[] = [
  ['edit', 'delete', 'move', 'changeType', 'tag', 'resolve'],
  ['announce', 'changeAuthor', 'addToCollection'],
  ['mute', 'dismiss', 'bump', 'sink', 'close'],
  ['revisionHistory'],
  ['report'],
];

/** What decides the menu besides the record: the viewer and the site settings. */
export interface DiscussionOptionsContext {
  permissions: PermissionSet | null;
  userID: number;
  /** `ui.editContentTimeout` in seconds (-1: no limit). */
  editContentTimeout: number;
  taggingEnabled: boolean;
  triageEnabled: boolean;
  /** `featureFlags.escalations.Enabled`: members report posts (api-contract §27.2). */
  reportingEnabled?: boolean;
  /** Now, in milliseconds (the edit window). */
  now: number;
}

function categoryCheck(discussion: Discussion) {
  return { resourceType: 'category' as const, resourceID: discussion.categoryID };
}

/** Whether the viewer holds a category-scoped permission on the discussion's category. */
function inCategory(
  context: DiscussionOptionsContext,
  discussion: Discussion,
  names: PermissionName | readonly PermissionName[],
): boolean {
  return has(context.permissions, names, categoryCheck(discussion));
}

function global(
  context: DiscussionOptionsContext,
  names: PermissionName | readonly PermissionName[],
): boolean {
  return has(context.permissions, names);
}

/** Moderators edit anything without a time limit (spec 000 §6 community.moderate, discussions.edit). */
export function isDiscussionModerator(
  context: DiscussionOptionsContext,
  discussion: Discussion,
): boolean {
  return (
    global(context, 'community.moderate') || inCategory(context, discussion, 'discussions.edit')
  );
}

/**
 * Milliseconds the author still has to edit (spec 000 §6: own unclosed post within
 * ui.editContentTimeout seconds); null when there is no limit, 0 when the window has passed.
 */
export function editTimeLeft(
  context: DiscussionOptionsContext,
  dateInserted: string,
): number | null {
  if (context.editContentTimeout < 0) return null;
  const end = new Date(dateInserted).getTime() + context.editContentTimeout * 1000;
  return Math.max(0, end - context.now);
}

/** Whether the viewer may edit the discussion now (record map first, then the rules). */
export function canEditDiscussion(
  context: DiscussionOptionsContext,
  discussion: Discussion,
): boolean {
  if (context.userID === 0) return false;
  if (isDiscussionModerator(context, discussion)) return true;
  const isAuthor = discussion.insertUserID === context.userID;
  if (!isAuthor || discussion.closed) return false;
  if (discussion.permissions?.['discussions.edit'] === false) return false;
  const left = editTimeLeft(context, discussion.dateInserted);
  return left === null || left > 0;
}

/**
 * The options the viewer sees (spec 000 §6): each action needs its permission; the record's
 * `permissions` map answers first when the server sent it, `has()` with the category otherwise.
 */
export function visibleDiscussionOptions(
  discussion: Discussion,
  context: DiscussionOptionsContext,
): Set<DiscussionOption> {
  const options = new Set<DiscussionOption>();
  if (context.userID === 0) return options;
  const isAuthor = discussion.insertUserID === context.userID;
  const fromRecord = (key: DiscussionPermissionKey, fallback: boolean): boolean =>
    discussion.permissions?.[key] ?? fallback;

  if (canEditDiscussion(context, discussion)) options.add('edit');
  if (fromRecord('discussions.delete', inCategory(context, discussion, 'discussions.delete'))) {
    options.add('delete');
  }
  // spec 000 §6: discussions.edit moves and changes the type (the author's own edit right does not).
  if (isDiscussionModerator(context, discussion)) {
    if (discussion.type !== 'redirect') options.add('move');
    options.add('changeType');
  }
  if (context.taggingEnabled && (isAuthor || isDiscussionModerator(context, discussion))) {
    options.add('tag');
  }
  if (context.triageEnabled && global(context, 'staff.allow')) options.add('resolve');
  if (
    fromRecord('discussions.announce', inCategory(context, discussion, 'discussions.announce')) ||
    global(context, 'community.manage')
  ) {
    options.add('announce');
  }
  // spec 000 §6: site.manage or community.manage changes the author.
  if (global(context, ['site.manage', 'community.manage'])) options.add('changeAuthor');
  // spec 000 §6: community.manage adds to a collection (api-contract §12).
  if (global(context, 'community.manage')) options.add('addToCollection');
  options.add('mute');
  if (discussion.pinned === true) options.add('dismiss');
  if (global(context, 'curation.manage')) options.add('bump');
  if (
    fromRecord('discussions.sink', inCategory(context, discussion, 'discussions.sink')) ||
    global(context, 'community.manage')
  ) {
    options.add('sink');
  }
  if (
    fromRecord(
      'discussions.close',
      inCategory(context, discussion, 'discussions.close') ||
        (isAuthor && inCategory(context, discussion, 'discussions.closeOwn')),
    )
  ) {
    options.add('close');
  }
  if (
    global(context, 'community.moderate') ||
    inCategory(context, discussion, 'discussions.moderate')
  ) {
    options.add('revisionHistory');
  }
  // api-contract §27.2: reporters hold flag.add while reporting is on.
  if (context.reportingEnabled === true && global(context, 'flag.add')) options.add('report');
  return options;
}
