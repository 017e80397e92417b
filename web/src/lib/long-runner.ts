import { CALLBACK_CONTENT_TYPE } from '../../../common/src/api/long-runner.constants.ts';
import type { Progress } from '../../../common/src/api/long-runner.ts';
import {
  ApiError,
  apiRequest,
  apiURL,
  getTransientKey,
  normalizeErrorBody,
  setTransientKey,
  type ApiRequestOptions,
} from './api.ts';
import { t } from './i18n.ts';

export type { Progress } from '../../../common/src/api/long-runner.ts';

export interface LongRunnerOptions extends Omit<ApiRequestOptions, 'body'> {
  body?: unknown;
  /** The records the call acts on: a body-less success (204, `{status:'success'}`) marks them all done. */
  ids: readonly number[];
  /** Called after every answer with the progress so far (merged over all the calls). */
  onProgress?: (progress: Progress) => void;
}

/** An empty progress for `ids`. */
export function emptyProgress(countTotalIDs: number | null = null): Progress {
  return { successIDs: [], failedIDs: [], exceptionsByID: {}, countTotalIDs };
}

/** Adds one answer's progress to the progress so far (an ID that later succeeds leaves the failures). */
export function mergeProgress(total: Progress, next: Progress): Progress {
  const successIDs = [...new Set([...total.successIDs, ...next.successIDs])];
  const succeeded = new Set(successIDs);
  const failedIDs = [...new Set([...total.failedIDs, ...next.failedIDs])].filter(
    (id) => !succeeded.has(id),
  );
  const exceptionsByID = { ...total.exceptionsByID, ...next.exceptionsByID };
  for (const id of successIDs) delete exceptionsByID[String(id)];
  return {
    successIDs,
    failedIDs,
    exceptionsByID,
    countTotalIDs: next.countTotalIDs ?? total.countTotalIDs,
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isIDList(value: unknown): value is number[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'number');
}

/** Reads `progress` from an answer; null when the body carries none. */
function readProgress(body: unknown): Progress | null {
  if (!isRecord(body) || !isRecord(body.progress)) return null;
  const { successIDs, failedIDs, exceptionsByID, countTotalIDs } = body.progress;
  const exceptions: Progress['exceptionsByID'] = {};
  if (isRecord(exceptionsByID)) {
    for (const [id, value] of Object.entries(exceptionsByID)) {
      if (!isRecord(value)) continue;
      exceptions[id] = {
        message: typeof value.message === 'string' ? value.message : t('Something went wrong.'),
        code: typeof value.code === 'number' ? value.code : 500,
      };
    }
  }
  return {
    successIDs: isIDList(successIDs) ? successIDs : [],
    failedIDs: isIDList(failedIDs) ? failedIDs : [],
    exceptionsByID: exceptions,
    countTotalIDs: typeof countTotalIDs === 'number' ? countTotalIDs : null,
  };
}

function readPayload(body: unknown): string | null {
  if (!isRecord(body)) return null;
  const payload = body.callbackPayload;
  return typeof payload === 'string' && payload !== '' ? payload : null;
}

interface Answer {
  status: number;
  body: unknown;
}

/** `POST /calls/run` with the raw signed payload (spec 001 §7.8, api-contract §20). */
async function postCallback(payload: string, signal: AbortSignal | undefined): Promise<Answer> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Content-Type': CALLBACK_CONTENT_TYPE,
    'X-Requested-With': 'vanilla',
  };
  const key = getTransientKey();
  if (key !== null) headers['X-Transient-Key'] = key;
  let response: Response;
  try {
    response = await fetch(apiURL('/calls/run'), {
      method: 'POST',
      headers,
      body: payload,
      credentials: 'same-origin',
      signal: signal ?? null,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(t('Something went wrong while contacting the server.'), { status: 0 });
  }
  const refreshedKey = response.headers.get('x-csrf-token');
  if (refreshedKey !== null && refreshedKey !== '') setTransientKey(refreshedKey);
  const text = await response.text();
  let body: unknown;
  try {
    body = text === '' ? undefined : (JSON.parse(text) as unknown);
  } catch {
    body = undefined;
  }
  return { status: response.status, body };
}

/**
 * Runs a long-running call (spec 001 §4, api-contract §1.11): sends the request, then while an
 * answer (408 or an error status) carries a `callbackPayload`, posts it to `/calls/run` as
 * `application/system+jwt`. Progress is merged over the answers and reported after each one.
 * Resolves with the final progress (per-ID failures included); throws `ApiError` only when an
 * answer carries no progress (e.g. the whole batch refused with 403).
 */
export async function runLongRunner(path: string, options: LongRunnerOptions): Promise<Progress> {
  const { ids, onProgress, ...request } = options;
  let answer: Answer;
  try {
    const response = await apiRequest<unknown>(path, request);
    answer = { status: response.status, body: response.data };
  } catch (error) {
    if (error instanceof ApiError && readProgress(error.body) !== null) {
      answer = { status: error.status, body: error.body };
    } else {
      throw error;
    }
  }
  let progress = emptyProgress(ids.length);
  for (;;) {
    const next = readProgress(answer.body);
    if (next === null) {
      if (answer.status >= 400 && answer.status !== 408) {
        throw normalizeErrorBody(answer.status, answer.body);
      }
      // A body-less success (204, or a single move's `{status: 'success'}`): the records not
      // already failed by an earlier answer are done.
      const failed = new Set(progress.failedIDs);
      progress = mergeProgress(progress, {
        ...emptyProgress(null),
        successIDs: ids.filter((id) => !failed.has(id)),
      });
    } else {
      progress = mergeProgress(progress, next);
    }
    onProgress?.(progress);
    const payload = readPayload(answer.body);
    if (payload === null) return progress;
    answer = await postCallback(payload, request.signal);
  }
}
