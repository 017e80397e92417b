import { useCallback } from 'react';
import type { NotificationPreferencesPatch } from '../../../../../common/src/api/notifications.ts';
import { dataLimits } from '../../../../../common/src/constants.ts';
import { useErrorToast } from '../../../components/toast-context.tsx';
import { useLeadingThrottle } from '../../../lib/use-leading-throttle.ts';
import { usePatchPreferencesMutation } from '../api/notifications.queries.ts';

/** api-contract §6, spec 000 §3: preference saves go out at most once per 1250 ms (leading). */
export const PREFERENCES_SAVE_INTERVAL_MS = dataLimits.preferenceSaveThrottleMs;

function mergePatches(a: NotificationPreferencesPatch, b: NotificationPreferencesPatch): NotificationPreferencesPatch {
  const merged: Record<string, unknown> = { ...a };
  for (const [key, value] of Object.entries(b)) {
    const before = merged[key];
    merged[key] =
      typeof value === 'object' && typeof before === 'object' && before !== null ? { ...before, ...value } : value;
  }
  return merged as NotificationPreferencesPatch;
}

/**
 * Saves preference changes: the first at once, those made within the next 1250 ms together when
 * the interval ends. The cache shows each change at once (the mutation is optimistic).
 */
export function useThrottledPreferencesSave(): (patch: NotificationPreferencesPatch) => void {
  const save = usePatchPreferencesMutation();
  const showError = useErrorToast();
  const { mutate, applyOptimistic } = save;

  const send = useCallback(
    (patch: NotificationPreferencesPatch) => {
      mutate(patch, { onError: showError });
    },
    [mutate, showError],
  );
  const throttle = useLeadingThrottle(send, mergePatches, PREFERENCES_SAVE_INTERVAL_MS);

  return useCallback(
    (patch: NotificationPreferencesPatch) => {
      applyOptimistic(patch);
      throttle.push(patch);
    },
    [applyOptimistic, throttle],
  );
}
