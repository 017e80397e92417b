import { useCallback, useEffect, useRef, useState } from 'react';
import type {
  CategoryPreferences,
  CategoryPreferencesPatch,
} from '../../../../../common/src/api/categories.ts';
import { dataLimits } from '../../../../../common/src/constants.ts';
import { useToasts } from '../../../components/toast-context.tsx';
import { ApiError } from '../../../lib/api.ts';
import { t } from '../../../lib/i18n.ts';
import { useLeadingThrottle } from '../../../lib/use-leading-throttle.ts';
import {
  useCategoryPreferencesQuery,
  useFollowCategoryMutation,
  usePatchCategoryPreferencesMutation,
} from '../api/categories.queries.ts';

/** Every notification preference off: unfollowing, and unchecking 'Notify me of new content'. */
export const notificationsOff = {
  'preferences.popup.posts': false,
  'preferences.email.posts': false,
  'preferences.popup.comments': false,
  'preferences.email.comments': false,
} as const satisfies CategoryPreferencesPatch;

function messageOf(error: unknown): string {
  return error instanceof ApiError
    ? (error.description ?? error.message)
    : t('Something has gone wrong.');
}

/** What the follow menu needs: the preferences, follow, unfollow, throttled edits, the last error. */
export interface CategoryFollow {
  preferences: CategoryPreferences | undefined;
  isFollowed: boolean;
  error: string | null;
  follow: () => void;
  unfollow: () => void;
  change: (patch: CategoryPreferencesPatch) => void;
}

/**
 * spec 000 §4 "Follow": edits show at once (optimistic), saves are throttled, and a failed save
 * shows the server's error and rolls back to the last saved preferences (spec 001 §8.3).
 */
export function useCategoryFollow(categoryID: number, userID: number): CategoryFollow {
  const query = useCategoryPreferencesQuery(categoryID, userID > 0);
  const followMutation = useFollowCategoryMutation(categoryID, userID);
  const save = usePatchCategoryPreferencesMutation(categoryID, userID);
  const { addToast } = useToasts();
  const [error, setError] = useState<string | null>(null);
  // The last preferences the server confirmed: what a failed save rolls back to.
  const confirmed = useRef<CategoryPreferences | undefined>(undefined);
  const hasPending = useRef(false);
  useEffect(() => {
    if (!hasPending.current && query.data !== undefined && !save.isPending) confirmed.current = query.data;
  }, [query.data, save.isPending]);

  const { mutate, applyOptimistic, restore } = save;
  const send = useCallback(
    (patch: CategoryPreferencesPatch) => {
      hasPending.current = false;
      mutate(patch, {
        onSuccess: (saved) => {
          confirmed.current = saved;
          setError(null);
          addToast({ body: t('Success! Preferences saved.'), autoDismiss: true });
        },
        onError: (failure) => {
          restore(confirmed.current);
          setError(messageOf(failure));
        },
      });
    },
    [mutate, restore, addToast],
  );
  const throttle = useLeadingThrottle<CategoryPreferencesPatch>(
    send,
    (earlier, later) => ({ ...earlier, ...later }),
    dataLimits.preferenceSaveThrottleMs,
  );

  const change = useCallback(
    (patch: CategoryPreferencesPatch) => {
      hasPending.current = true;
      applyOptimistic(patch);
      throttle.push(patch);
    },
    [applyOptimistic, throttle],
  );

  const { mutate: followNow } = followMutation;
  const follow = useCallback(() => {
    const before = confirmed.current;
    applyOptimistic({ 'preferences.followed': true });
    followNow(undefined, {
      onSuccess: (saved) => {
        confirmed.current = saved;
        setError(null);
      },
      onError: (failure) => {
        restore(before);
        setError(messageOf(failure));
      },
    });
  }, [applyOptimistic, followNow, restore]);

  const unfollow = useCallback(() => {
    throttle.cancel();
    const patch: CategoryPreferencesPatch = {
      'preferences.followed': false,
      ...notificationsOff,
      'preferences.email.digest': false,
    };
    applyOptimistic(patch);
    send(patch);
  }, [applyOptimistic, send, throttle]);

  return {
    preferences: query.data,
    isFollowed: query.data?.['preferences.followed'] === true,
    error: error ?? (query.error === null ? null : messageOf(query.error)),
    follow,
    unfollow,
    change,
  };
}
