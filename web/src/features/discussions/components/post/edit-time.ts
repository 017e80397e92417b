import { useEffect, useState } from 'react';
import { displayLimits } from '../../../../../../common/src/constants.ts';
import { t } from '../../../../lib/i18n.ts';

/**
 * Seconds left for an author to edit a post (spec 000 §6: `ui.editContentTimeout` seconds after
 * posting; -1 means no limit → null). Zero once the window has passed.
 */
export function editSecondsLeft(
  dateInserted: string,
  timeoutSeconds: number,
  now: number,
): number | null {
  if (timeoutSeconds < 0) return null;
  const end = Date.parse(dateInserted) + timeoutSeconds * 1000;
  return Number.isFinite(end) ? Math.max(0, Math.floor((end - now) / 1000)) : null;
}

/** 'You can edit this for N more minutes.' (seconds under a minute); '' once time is up. */
export function editTimeLabel(seconds: number): string {
  if (seconds <= 0) return '';
  if (seconds < 60) {
    return seconds === 1
      ? t('You can edit this for 1 more second.')
      : t('You can edit this for {count} more seconds.', { count: seconds });
  }
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1
    ? t('You can edit this for 1 more minute.')
    : t('You can edit this for {count} more minutes.', { count: minutes });
}

/**
 * The edit window's seconds left, refreshed every 10 s, every 5 s in the last minute (spec 001
 * §9 edit countdown). Null when there is no limit (moderators, or a timeout of -1).
 */
export function useEditSecondsLeft(
  dateInserted: string | undefined,
  timeoutSeconds: number,
  isUnlimited: boolean,
): number | null {
  const [now, setNow] = useState(() => Date.now());
  const seconds =
    isUnlimited || dateInserted === undefined
      ? null
      : editSecondsLeft(dateInserted, timeoutSeconds, now);
  useEffect(() => {
    if (seconds === null || seconds <= 0) return undefined;
    const delay =
      seconds <= 60
        ? displayLimits.editCountdownRefreshUnderMinuteMs
        : displayLimits.editCountdownRefreshMs;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(delay, seconds * 1000));
    return () => clearTimeout(timer);
  }, [seconds]);
  return seconds;
}
