import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sessionKeys } from '../../../lib/session.ts';
import {
  confirmEmail,
  register,
  requestPassword,
  resendConfirmationEmail,
  resetPassword,
  signIn,
  signOut,
} from './auth.api.ts';

/** Signs in (`POST /authenticate/password`); the page then reloads into the new session. */
export function useSignInMutation() {
  return useMutation({ mutationFn: signIn });
}

/** Ends the session (`POST /authenticate/signout`, the transient key as proof). */
export function useSignOutMutation() {
  return useMutation({ mutationFn: signOut });
}

/** Registers an account (`POST /users/register`): registered, or pending approval. */
export function useRegisterMutation() {
  return useMutation({ mutationFn: register });
}

/** Sends the password-reset e-mail (`POST /users/request-password`). */
export function useRequestPasswordMutation() {
  return useMutation({ mutationFn: requestPassword });
}

/** Sets a new password with the reset e-mail's code (`POST /users/{id}/reset-password`). */
export function useResetPasswordMutation() {
  return useMutation({ mutationFn: resetPassword });
}

/** Confirms the e-mail address with the e-mail's code; the cached current user is refetched. */
export function useConfirmEmailMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userID, code }: { userID: number; code: string }) => confirmEmail(userID, code),
    onSuccess: () => {
      // Not awaited: the page says "confirmed" at once; the user's flag follows.
      void queryClient.invalidateQueries({ queryKey: sessionKeys.me });
    },
  });
}

/** Sends the confirmation e-mail again (`POST /users/{id}/confirm-email/resend`). */
export function useResendConfirmationEmailMutation() {
  return useMutation({ mutationFn: resendConfirmationEmail });
}
