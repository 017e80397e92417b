import { randomInt } from 'node:crypto';

/**
 * Visitor addresses (sent as X-Forwarded-For; the app trusts its proxy) from a /24 of 10.0.0.0/8
 * picked at random for each pool. Journeys run one after another in separate processes against one
 * server; an address derived from the process ID repeated whenever two IDs differed by a multiple
 * of 250, and the second journey's admin sign-in then met the first one's per-address throttle.
 */
export function addressPool(): () => string {
  const second = randomInt(0, 256);
  const third = randomInt(0, 256);
  let next = 0;
  return () => {
    next = (next % 254) + 1;
    return `10.${second}.${third}.${next}`;
  };
}
