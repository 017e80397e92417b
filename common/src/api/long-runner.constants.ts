/**
 * Long-runner limits and the callback content type without the schemas (zod-free for the web app);
 * `long-runner.ts` re-exports them.
 */

/** Seconds a synchronous long-running call may work before answering 408 (api-contract §1.11). */
export const MAX_LONG_RUNNER_TIMEOUT = 20;

/** Default working time of a synchronous call when `longRunnerTimeout` is not given. */
export const DEFAULT_LONG_RUNNER_TIMEOUT = 20;

/** The content type of `POST /calls/run` (api-contract §20). */
export const CALLBACK_CONTENT_TYPE = 'application/system+jwt';
