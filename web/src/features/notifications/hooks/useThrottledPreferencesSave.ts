import { useCallback, useEffect, useRef } from 'react';
import type { NotificationPreferencesPatch } from '../../../../../common/src/api/notifications.ts';
import { useErrorToast } from '../../../components/toast-context.tsx';
import { usePatchPreferencesMutation } from '../api/notifications.queries.ts';

/** api-contract §6, spec 000 §3: preference saves go out at most once per 1250 ms (leading). */
export const PREFERENCES_SAVE_INTERVAL_MS = 1250;

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
  const lastSent = useRef(0);
  const pending = useRef<NotificationPreferencesPatch | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const { mutate, applyOptimistic } = save;

  const send = useCallback(
    (patch: NotificationPreferencesPatch) => {
      lastSent.current = Date.now();
      mutate(patch, { onError: showError });
    },
    [mutate, showError],
  );

  useEffect(
    () => () => {
      if (timer.current !== null) clearTimeout(timer.current);
      if (pending.current !== null) send(pending.current);
    },
    [send],
  );

  return useCallback(
    (patch: NotificationPreferencesPatch) => {
      applyOptimistic(patch);
      const wait = lastSent.current + PREFERENCES_SAVE_INTERVAL_MS - Date.now();
      if (wait <= 0 && timer.current === null) {
        send(patch);
        return;
      }
      pending.current = mergePatches(pending.current ?? {}, patch);
      timer.current ??= setTimeout(() => {
        timer.current = null;
        const next = pending.current;
        pending.current = null;
        if (next !== null) send(next);
      }, Math.max(0, wait));
    },
    [applyOptimistic, send],
  );
}
