import { z } from 'zod';
import { errorSchema } from '../../../../common/src/api/common.ts';
import {
  longRunnerResultSchema,
  trackingSlipsResultSchema,
} from '../../../../common/src/api/long-runner.ts';

/** The error answers of the discussions routes. */
export const errors = {
  400: errorSchema,
  403: errorSchema,
  404: errorSchema,
  409: errorSchema,
  422: errorSchema,
  429: errorSchema,
};

// A long-running call whose records failed answers their highest status with the progress body.
const progressOrError = z.union([longRunnerResultSchema, errorSchema]);
export const longRunnerResponses = {
  ...errors,
  200: longRunnerResultSchema,
  // longRunnerMode=async: the action is queued (api-contract §1.11).
  202: trackingSlipsResultSchema,
  408: longRunnerResultSchema,
  400: progressOrError,
  403: progressOrError,
  404: progressOrError,
  409: progressOrError,
  500: progressOrError,
};
