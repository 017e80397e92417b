import type { NotificationActivityType } from '../../../../common/src/api/notifications.ts';
import { escapeHtml } from '../../platform/content/escape.ts';
import { MENTION_CLASS } from '../../platform/content/sanitize.ts';

// Why a recipient is notified, and what the notification says (api-contract §4, §6).

/** Targeted reasons, most specific first: a recipient matching several gets the first one it accepts. */
export const SPECIFICITY: readonly NotificationActivityType[] = [
  'Mention',
  'CommentReply',
  'BookmarkComment',
  'Participated',
  'NewComment',
  'NewDiscussion',
  'Reaction',
  'ConversationMessage',
  'Report',
  'Approval',
];

/** Reasons about a discussion's comments batch per discussion ("3 new comments in …"). */
const BATCHED_PER_DISCUSSION = new Set<NotificationActivityType>(['BookmarkComment', 'Participated', 'NewComment']);

/** The batch a notification joins (`shouldBatch`): same activity and record (or discussion). */
export function batchKeyOf(
  activityType: NotificationActivityType,
  record: { recordType: string; recordID: number; discussionID: number | null },
): string {
  if (BATCHED_PER_DISCUSSION.has(activityType) && record.discussionID !== null) {
    return `${activityType}:discussion:${String(record.discussionID)}`;
  }
  return `${activityType}:${record.recordType}:${String(record.recordID)}`;
}

/** The people a rendered body mentions (the renderer's `atMention` links hold their names). */
export function mentionedNames(bodyHtml: string): string[] {
  const names = new Set<string>();
  const pattern = new RegExp(`<a class="${MENTION_CLASS}" href="/profile/([^"]+)"`, 'g');
  for (const match of bodyHtml.matchAll(pattern)) {
    try {
      names.add(decodeURIComponent(match[1] ?? ''));
    } catch {
      // A malformed href names no one.
    }
  }
  return [...names].filter((name) => name !== '');
}

/** The reason text shown with a notification (`reason`). */
export const REASONS: Record<NotificationActivityType, string> = {
  Mention: 'You were mentioned.',
  CommentReply: 'Someone replied to your comment.',
  BookmarkComment: 'You bookmarked this discussion.',
  Participated: 'You took part in this discussion.',
  NewComment: 'You follow this category.',
  NewDiscussion: 'You follow this category.',
  Reaction: 'Someone reacted to your post.',
  ConversationMessage: 'You take part in this conversation.',
  Report: 'You moderate this post.',
  Approval: 'Your post waited for approval.',
};

/** The notification's HTML body, every name escaped. */
export function notificationBody(
  activityType: NotificationActivityType,
  actorName: string,
  discussionName: string,
  reactionName?: string,
  decision?: 'approved' | 'rejected',
): string {
  const actor = `<b>${escapeHtml(actorName)}</b>`;
  const title = `<b>${escapeHtml(discussionName)}</b>`;
  switch (activityType) {
    case 'Mention':
      return `${actor} mentioned you in ${title}.`;
    case 'CommentReply':
      return `${actor} replied to your comment in ${title}.`;
    case 'BookmarkComment':
      return `${actor} commented on your bookmarked discussion ${title}.`;
    case 'Participated':
      return `${actor} commented on ${title}, a discussion you took part in.`;
    case 'NewComment':
      return `${actor} commented on ${title}.`;
    case 'NewDiscussion':
      return `${actor} started a new discussion: ${title}.`;
    case 'Reaction':
      return `${actor} reacted to your post in ${title}${reactionName ? ` (${escapeHtml(reactionName)})` : ''}.`;
    case 'ConversationMessage':
      return `${actor} sent you a message in ${title}.`;
    case 'Report':
      return `${actor} reported ${title}.`;
    case 'Approval':
      return decision === 'rejected' ? `${actor} rejected your post ${title}.` : `${actor} approved your post ${title}.`;
  }
}
