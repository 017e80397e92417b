import { has } from '../../../../common/src/permissions/has.ts';
import type { PermissionSet } from '../../../../common/src/permissions/types.ts';

/**
 * Issue 13: a live stream carries a signed-in user's notifications, or a discussion's new comments
 * (a guest may follow a discussion they can read; the discussion's own check follows).
 */
export function canOpenLiveStream(set: PermissionSet, userID: number, discussionID: number | null): boolean {
  if (discussionID !== null) return true;
  return userID > 0 && has(set, 'session.valid');
}

/**
 * A guest without a discussion has nothing to stream. The stream answers 204, which tells an
 * EventSource to stop reconnecting (HTML's server-sent events): a page whose session just ended
 * (sign-out in another tab, a ban) reconnects as a guest and must not log an error each time.
 */
export function hasNothingToStream(userID: number, discussionID: number | undefined): boolean {
  return userID === 0 && discussionID === undefined;
}
