/** The first retry waits about this long; each further one twice as long. */
export const RETRY_BASE_MS = 10_000;
/** No retry waits longer than this. */
export const RETRY_MAX_MS = 60 * 60_000;

/**
 * How long a job waits before its next attempt after `attempts` failed ones: exponential
 * (10 s, 20 s, 40 s… up to an hour) with "equal jitter" (half fixed, half random), so jobs that
 * failed together do not all come back at the same moment.
 */
export function retryDelayMs(attempts: number, random: () => number = Math.random): number {
  const exponential = Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(exponential / 2 + (exponential / 2) * random());
}
