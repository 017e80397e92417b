/** A clock tests move instead of sleeping: pass `now` to `createTestApp(env, { clock: clock.now })`. */
export interface TestClock {
  now: () => number;
  /** Moves the clock forward by `milliseconds`. */
  advance(milliseconds: number): void;
}

export function createTestClock(start: number = Date.now()): TestClock {
  let current = start;
  return {
    now: () => current,
    advance(milliseconds) {
      current += milliseconds;
    },
  };
}
