import { randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import {
  DEFAULT_LONG_RUNNER_TIMEOUT,
  type LongRunnerResult,
  type Progress,
  type TrackingSlip,
} from '../../../../common/src/api/long-runner.ts';
import type { AppDeps, RequestContext } from '../../http/context.ts';
import { loadPermissionSet } from '../../permissions/permission-set.ts';
import { AppError } from '../../platform/errors.ts';
import { enqueueJob } from '../../platform/jobs/enqueue.ts';
import { registerJob } from '../../platform/jobs/registry.ts';

export type { Progress } from '../../../../common/src/api/long-runner.ts';

/** One step of a long-running action: handles a single record, throwing an AppError to fail it. */
export type LongRunnerHandler = (
  ctx: RequestContext,
  id: number,
  args: Record<string, unknown>,
) => Promise<void>;

/** What a long-running call does: which action, on which records, how long it may work. */
export interface LongRunnerOptions {
  action: string;
  ids: number[];
  args: Record<string, unknown>;
  /** Seconds of work before answering 408; 0 handles one record per call. */
  timeoutSeconds: number;
  /** The status when everything succeeded: 200 with the progress, or 204 without a body. */
  doneStatus: 200 | 204;
  /** `async` queues the action as a job and answers 202 with its tracking slip (default `sync`). */
  mode?: 'sync' | 'async' | undefined;
}

/**
 * What a long-running call answers, as plain values (the route sends it: `longRunnerReply`
 * in http/long-runner.ts): the HTTP status, the progress and, for a 408, the payload that resumes
 * the action. A 204 has no body.
 */
export interface LongRunnerOutcome<Done extends 200 | 204 = 200 | 204> extends LongRunnerResult {
  status: number;
  /** The status when every record succeeded (a 204 answers no body). */
  doneStatus: Done;
  /** Set when the action was queued (status 202, `longRunnerMode=async`). */
  trackingSlips?: TrackingSlip[];
}

/** How long a callback payload stays valid. */
const PAYLOAD_LIFETIME = '15m';
const PAYLOAD_AUDIENCE = 'hearth:calls/run';

/** The 403 of an invalid, tampered or expired payload (api-contract §20). */
export const INVALID_PAYLOAD_MESSAGE = 'The callback payload is invalid or has expired.';

const actions = new Map<string, LongRunnerHandler>();

/** Registers the handler of a long-running action (at module load, by the feature that owns it). */
export function registerLongRunnerAction(name: string, handler: LongRunnerHandler): void {
  actions.set(name, handler);
}

interface PayloadClaims {
  action: string;
  ids: number[];
  args: Record<string, unknown>;
  timeoutSeconds: number;
  doneStatus: 200 | 204;
  countTotalIDs: number;
}

function keyOf(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

async function signPayload(ctx: RequestContext, claims: PayloadClaims): Promise<string> {
  return new SignJWT({ ...claims })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(ctx.actor.userID))
    .setAudience(PAYLOAD_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(PAYLOAD_LIFETIME)
    .sign(keyOf(ctx.secret));
}

function isIDList(value: unknown): value is number[] {
  return Array.isArray(value) && value.every((item) => Number.isInteger(item));
}

/** The item's outcome as `exceptionsByID` records it. */
function exceptionOf(error: unknown): { message: string; code: number } {
  if (error instanceof AppError) return { message: error.message, code: error.statusCode };
  return { message: 'Something went wrong.', code: 500 };
}

async function run(
  ctx: RequestContext,
  claims: PayloadClaims,
): Promise<LongRunnerOutcome & { trackingSlips?: undefined }> {
  const handler = actions.get(claims.action);
  if (!handler) throw new AppError(400, `Unknown long-running action "${claims.action}".`);
  const started = Date.now();
  const progress: Progress = {
    successIDs: [],
    failedIDs: [],
    exceptionsByID: {},
    countTotalIDs: claims.countTotalIDs,
  };
  const { doneStatus } = claims;
  const remaining = [...claims.ids];
  let worst = 0;
  // At least one record per call, so every call makes progress.
  while (remaining.length > 0) {
    const id = remaining.shift() as number;
    try {
      await handler(ctx, id, claims.args);
      progress.successIDs.push(id);
    } catch (error) {
      const exception = exceptionOf(error);
      progress.failedIDs.push(id);
      progress.exceptionsByID[String(id)] = exception;
      worst = Math.max(worst, exception.code >= 400 ? exception.code : 500);
    }
    if (remaining.length > 0 && Date.now() - started >= claims.timeoutSeconds * 1000) break;
  }
  if (remaining.length > 0) {
    const callbackPayload = await signPayload(ctx, { ...claims, ids: remaining });
    return { status: 408, doneStatus, progress, callbackPayload };
  }
  if (worst > 0) return { status: worst, doneStatus, progress, callbackPayload: null };
  return { status: doneStatus, doneStatus, progress, callbackPayload: null };
}

/** The job that runs an async long-running call (api-contract §1.11, `longRunnerMode=async`). */
const LONG_RUNNER_JOB = 'runLongRunnerAction';

const longRunnerJobSchema = z.object({
  userID: z.number().int().min(0),
  action: z.string(),
  ids: z.array(z.number().int()),
  args: z.record(z.string(), z.unknown()),
  doneStatus: z.union([z.literal(200), z.literal(204)]),
  ipAddress: z.string(),
});

/** The context of a request by `userID` with their current permissions, for work done later. */
export async function contextOfUser(deps: AppDeps, userID: number, ipAddress: string): Promise<RequestContext> {
  return {
    ...deps,
    actor: { userID, via: 'token', sessionID: null, transientKey: null, csrfFailed: false, banned: false },
    permissions: await loadPermissionSet(deps.db, userID),
    ipAddress,
    userAgent: null,
  };
}

/**
 * Queues the action as a job and answers 202 with its tracking slip: the jobs table's row, whose
 * `trackingID` is the slip's `jobTrackingID`. The caller has already checked the permissions the
 * sync path checks; the job acts as the same user with the permissions they have when it runs.
 */
async function queueLongRunner<Done extends 200 | 204>(
  ctx: RequestContext,
  options: LongRunnerOptions & { doneStatus: Done },
): Promise<LongRunnerOutcome<Done>> {
  if (!actions.has(options.action)) throw new AppError(400, `Unknown long-running action "${options.action}".`);
  const jobTrackingID = randomUUID();
  const jobID = await enqueueJob(
    ctx.db,
    LONG_RUNNER_JOB,
    {
      userID: ctx.actor.userID,
      action: options.action,
      ids: options.ids,
      args: options.args,
      doneStatus: options.doneStatus,
      ipAddress: ctx.ipAddress,
    },
    { trackingID: jobTrackingID, clock: ctx.clock },
  );
  return {
    status: 202,
    doneStatus: options.doneStatus,
    progress: { successIDs: [], failedIDs: [], exceptionsByID: {}, countTotalIDs: options.ids.length },
    callbackPayload: null,
    trackingSlips: [{ jobTrackingID, jobID: String(jobID), jobExecutionStatus: 'received' }],
  };
}

// The job runs every record without a time limit; records that fail with an HTTP status (gone,
// forbidden by now) are the action's outcome, while an unexpected error fails the job for a retry.
registerJob(LONG_RUNNER_JOB, {
  schema: longRunnerJobSchema,
  maxAttempts: 3,
  handler: async (payload, job) => {
    const ctx = await contextOfUser(job.services, payload.userID, payload.ipAddress);
    const outcome = await run(ctx, {
      action: payload.action,
      ids: payload.ids,
      args: payload.args,
      timeoutSeconds: Number.POSITIVE_INFINITY,
      doneStatus: payload.doneStatus,
      countTotalIDs: payload.ids.length,
    });
    // Guests see the change now (this process; the others through the event bus), as after a request.
    if (outcome.progress.successIDs.length > 0) job.services.guestCache?.invalidate();
    if (outcome.status >= 500) {
      throw new Error(`Long-running action "${payload.action}" failed: ${JSON.stringify(outcome.progress.exceptionsByID)}`);
    }
  },
});

/**
 * Runs `handler` for each ID until done or the timeout (api-contract §1.11): answers `doneStatus`
 * when every record succeeded, the highest item status when some failed (500 for non-HTTP errors),
 * or 408 with a signed `callbackPayload` (HS256, the site secret, 15 minutes) that
 * `POST /calls/run` resumes as the original user.
 */
export async function runLongRunner<Done extends 200 | 204>(
  ctx: RequestContext,
  options: LongRunnerOptions & { doneStatus: Done },
): Promise<LongRunnerOutcome<Done>> {
  const ids = [...new Set(options.ids)];
  if (options.mode === 'async') return queueLongRunner(ctx, { ...options, ids });
  const outcome = await run(ctx, {
    action: options.action,
    ids,
    args: options.args,
    timeoutSeconds: options.timeoutSeconds,
    doneStatus: options.doneStatus,
    countTotalIDs: ids.length,
  });
  return { ...outcome, doneStatus: options.doneStatus };
}

/** The working time of a call: its `longRunnerTimeout`, else the default. */
export function longRunnerTimeoutOf(query: { longRunnerTimeout?: number | undefined }): number {
  return query.longRunnerTimeout ?? DEFAULT_LONG_RUNNER_TIMEOUT;
}

async function verifyPayload(
  secret: string,
  payload: string,
): Promise<{ userID: number; claims: PayloadClaims }> {
  try {
    const { payload: claims } = await jwtVerify(payload.trim(), keyOf(secret), {
      audience: PAYLOAD_AUDIENCE,
      algorithms: ['HS256'],
    });
    const userID = Number(claims.sub);
    const { action, ids, args, timeoutSeconds, doneStatus, countTotalIDs } = claims as Record<
      string,
      unknown
    >;
    if (
      !Number.isInteger(userID) ||
      userID < 0 ||
      typeof action !== 'string' ||
      !isIDList(ids) ||
      args === null ||
      typeof args !== 'object' ||
      typeof timeoutSeconds !== 'number' ||
      (doneStatus !== 200 && doneStatus !== 204) ||
      typeof countTotalIDs !== 'number'
    ) {
      throw new Error('malformed claims');
    }
    return {
      userID,
      claims: {
        action,
        ids,
        args: args as Record<string, unknown>,
        timeoutSeconds,
        doneStatus,
        countTotalIDs,
      },
    };
  } catch {
    throw new AppError(403, INVALID_PAYLOAD_MESSAGE);
  }
}

/**
 * `POST /calls/run` (api-contract §20): verifies the signed payload and goes on with the action as
 * the user who started it (their current permissions apply).
 * @throws AppError 403 for an invalid, tampered or expired payload.
 */
export async function resumeLongRunner(
  ctx: RequestContext,
  payload: string,
): Promise<LongRunnerOutcome & { trackingSlips?: undefined }> {
  const { userID, claims } = await verifyPayload(ctx.secret, payload);
  const asStarter: RequestContext =
    userID === ctx.actor.userID ? ctx : { ...(await contextOfUser(ctx, userID, ctx.ipAddress)), userAgent: ctx.userAgent };
  return run(asStarter, claims);
}
