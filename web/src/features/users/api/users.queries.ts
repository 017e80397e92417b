import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '../../../lib/bootstrap.ts';
import { sessionKeys } from '../../../lib/session.ts';
import { patchUser, uploadUserPhoto, type UserPatch } from './users.api.ts';

/** Saves the current user's account fields and refreshes the cached user. */
export function usePatchCurrentUserMutation(userID: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: UserPatch) => patchUser(userID, patch),
    onSuccess: (user) => {
      queryClient.setQueryData<CurrentUser>(sessionKeys.me, (current) => ({ ...current, ...user }));
    },
  });
}

/** Uploads the current user's photo and updates the cached user's `photoUrl`. */
export function useUploadPhotoMutation(userID: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (photo: File) => uploadUserPhoto(userID, photo),
    onSuccess: ({ photoUrl }) => {
      queryClient.setQueryData<CurrentUser>(sessionKeys.me, (current) =>
        current === undefined ? current : { ...current, photoUrl },
      );
    },
  });
}
