import { has } from '../../../../common/src/permissions/has.ts';
import type { PermissionSet } from '../../../../common/src/permissions/types.ts';

/** api-contract §5: reading one's conversations and writing in them needs a signed-in user. */
export function canUseConversations(set: PermissionSet, userID: number): boolean {
  return userID > 0 && has(set, 'session.valid');
}

/** api-contract §5: starting a conversation or adding people to one needs `conversations.add`. */
export function canAddConversations(set: PermissionSet, userID: number): boolean {
  return userID > 0 && has(set, 'conversations.add');
}

/**
 * api-contract §5: reading others' conversations needs the site switch
 * `conversations.moderation.allow` and then `conversations.moderate`.
 */
export function conversationModerationRefusal(
  set: PermissionSet,
  moderationAllowed: boolean,
): 'notConfigured' | 'conversations.moderate' | null {
  if (!moderationAllowed) return 'notConfigured';
  return has(set, 'conversations.moderate') ? null : 'conversations.moderate';
}

/** api-contract §1.13: moderators are exempt from flood control (messages too). */
export function isExemptFromMessageFloodControl(set: PermissionSet): boolean {
  return has(set, 'community.moderate');
}
