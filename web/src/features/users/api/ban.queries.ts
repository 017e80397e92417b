import { useMutation, useQueryClient } from '@tanstack/react-query';
import { putUserBan } from './ban.api.ts';
import { profileKeys } from './profiles.queries.ts';

/** Bans or unbans a user; their profile and cards are fetched again. */
export function useBanUserMutation(userID: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { banned: boolean; reason?: string; dateExpires?: string | null }) =>
      putUserBan(userID, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.all }),
  });
}
