import type { BanResult } from '../../../../../common/src/api/users.ts';
import { api } from '../../../lib/api.ts';

/** `PUT /users/{id}/ban` (api-contract §3, §27.8): a ban with its reason and end date, or an unban. */
export function putUserBan(
  userID: number,
  body: { banned: boolean; reason?: string; dateExpires?: string | null },
): Promise<BanResult> {
  return api.put<BanResult>(`/users/${userID}/ban`, body);
}
