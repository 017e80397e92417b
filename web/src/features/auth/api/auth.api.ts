import { apiRequest, api } from '../../../lib/api.ts';
import type { CurrentUser } from '../../../lib/bootstrap.ts';

export interface SignInInput {
  /** Name or e-mail (api-contract §2). */
  username: string;
  password: string;
  /** "Keep me signed in". */
  persist: boolean;
}

/** `POST /authenticate/password`: starts a session (cookie) and answers the user fragment. */
export function signIn(input: SignInInput): Promise<CurrentUser> {
  return api.post<CurrentUser>('/authenticate/password', input);
}

/**
 * `POST /authenticate/signout` (api-contract §2 "Sign-out", Hearth's API form): ends the current
 * session; the transient key proves intent.
 */
export async function signOut(transientKey: string): Promise<void> {
  await api.post<unknown>('/authenticate/signout', { transientKey });
}

export interface RegisterInput {
  email: string;
  name: string;
  password: string;
  /** The form's honeypot (issue 17): empty unless a bot filled it. */
  hpt?: string;
}

export type RegisterResult =
  { kind: 'registered'; userID: number; name: string } | { kind: 'pendingApproval' };

/** `POST /users/register`: 201 with the new user, or 202 when the account awaits approval. */
export async function register(input: RegisterInput): Promise<RegisterResult> {
  const response = await apiRequest<{ userID: number; name: string }>('/users/register', {
    method: 'POST',
    body: input,
  });
  if (response.status === 202) {
    return { kind: 'pendingApproval' };
  }
  return { kind: 'registered', userID: response.data.userID, name: response.data.name };
}

/** `POST /users/request-password`: sends the reset e-mail (e-mail or username). */
export async function requestPassword(email: string): Promise<void> {
  await api.post<unknown>('/users/request-password', { email });
}

/** `POST /users/{id}/reset-password`: sets a new password with the code of the reset e-mail. */
export async function resetPassword(input: {
  userID: number;
  resetCode: string;
  password: string;
}): Promise<void> {
  await api.post<unknown>(`/users/${input.userID}/reset-password`, {
    resetCode: input.resetCode,
    password: input.password,
  });
}

export interface ConfirmEmailResult {
  userID: number;
  email: string;
  emailConfirmed: boolean;
}

/** `POST /users/{id}/confirm-email` with the code of the confirmation e-mail. */
export function confirmEmail(
  userID: number,
  confirmationCode: string,
): Promise<ConfirmEmailResult> {
  return api.post<ConfirmEmailResult>(`/users/${userID}/confirm-email`, { confirmationCode });
}

/** `POST /users/{id}/confirm-email/resend`: sends the confirmation e-mail again. */
export async function resendConfirmationEmail(userID: number): Promise<void> {
  await api.post<unknown>(`/users/${userID}/confirm-email/resend`);
}
