import type {
  Notification,
  NotificationPreferences,
  NotificationPreferencesPatch,
  NotificationPreferencesSchema,
} from '../../../../../common/src/api/notifications.ts';
import type { MeCounts } from '../../../../../common/src/api/users.ts';
import { api, apiRequest, type Paging } from '../../../lib/api.ts';

/** A page of notifications and its paging headers (a "more" pager). */
export interface NotificationPage {
  notifications: Notification[];
  paging: Paging;
}

/** `GET /notifications` (api-contract §4): the current user's, newest first, batched. */
export async function fetchNotifications(page: number, limit: number): Promise<NotificationPage> {
  const response = await apiRequest<Notification[]>('/notifications', { query: { page, limit } });
  return { notifications: response.data, paging: response.paging };
}

/** `PATCH /notifications/{id}` with `read: true`: marks one (its whole batch) read. */
export function markNotificationRead(notificationID: number): Promise<Notification> {
  return api.patch<Notification>(`/notifications/${notificationID}`, { read: true });
}

/** `PATCH /notifications` with `read: true`: marks every notification read (204). */
export async function markAllNotificationsRead(): Promise<void> {
  await api.patch<null>('/notifications', { read: true });
}

/** `GET /users/me-counts` (api-contract §3). */
export function fetchMeCounts(): Promise<MeCounts> {
  return api.get<MeCounts>('/users/me-counts');
}

/** `GET /notification-preferences/schema` (api-contract §6). */
export function fetchPreferencesSchema(): Promise<NotificationPreferencesSchema> {
  return api.get<NotificationPreferencesSchema>('/notification-preferences/schema');
}

/** `GET /notification-preferences/$me`. */
export function fetchPreferences(): Promise<NotificationPreferences> {
  return api.get<NotificationPreferences>('/notification-preferences/$me');
}

/** `PATCH /notification-preferences/$me`: answers the full saved preferences. */
export function patchPreferences(patch: NotificationPreferencesPatch): Promise<NotificationPreferences> {
  return api.patch<NotificationPreferences>('/notification-preferences/$me', patch);
}
