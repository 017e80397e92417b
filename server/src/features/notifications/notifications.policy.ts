import type { PermissionSet } from '../../../../common/src/permissions/types.ts';
import { has } from '../../../../common/src/permissions/has.ts';

/** api-contract §4: every notifications call needs a signed-in user. */
export function canUseNotifications(set: PermissionSet, userID: number): boolean {
  return userID > 0 && has(set, 'session.valid');
}

/** api-contract §4: a notification is its recipient's alone. */
export function canAccessNotification(userID: number, notification: { notifyUserID: number }): boolean {
  return userID > 0 && notification.notifyUserID === userID;
}
