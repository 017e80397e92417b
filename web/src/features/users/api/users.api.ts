import { api } from '../../../lib/api.ts';
import type { CurrentUser } from '../../../lib/bootstrap.ts';

/** Fields a member may change on their own account (api-contract §3 `PATCH /users/{id}`). */
export interface UserPatch {
  name?: string;
  email?: string;
  password?: string;
  private?: boolean;
  /** The current password; required when changing name, e-mail or password. */
  passwordConfirmation?: string;
}

/** `PATCH /users/{id}`: answers the full user. */
export function patchUser(userID: number, patch: UserPatch): Promise<CurrentUser> {
  return api.patch<CurrentUser>(`/users/${userID}`, patch);
}

/** `POST /users/{id}/photo` (multipart field `photo`): answers `{photoUrl}`. */
export function uploadUserPhoto(userID: number, photo: File): Promise<{ photoUrl: string }> {
  const body = new FormData();
  body.append('photo', photo);
  return api.post<{ photoUrl: string }>(`/users/${userID}/photo`, body);
}
