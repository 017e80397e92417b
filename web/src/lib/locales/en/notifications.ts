/** English strings of the notifications bell, page and preferences (merged into the en pack by ../en.ts). */
export const notificationsEn: Readonly<Record<string, string>> = {
  Activity: 'Activity',
  'Mark All Read': 'Mark All Read',
  'Notification Preferences': 'Notification Preferences',
  'Notification popup': 'Notification popup',
  Notifications: 'Notifications',
  'Notifications, {count} unread': 'Notifications, {count} unread',
  Unread: 'Unread',
  'You have no notifications yet.': 'You have no notifications yet.',
  // A notification that arrived live (toast, issue 13).
  'New notification': 'New notification',
  'and {count} more': 'and {count} more',
  // Labels of the preferences schema (api-contract §6), translated where the table shows them.
  'Followed posts': 'Followed posts',
  'My activity': 'My activity',
  'New discussions': 'New discussions',
  'New comments': 'New comments',
  Digest: 'Digest',
  Mentions: 'Mentions',
  Replies: 'Replies',
  Bookmarks: 'Bookmarks',
  Participation: 'Participation',
  'Private messages': 'Private messages',
  Reports: 'Reports',
  Approvals: 'Approvals',
};
