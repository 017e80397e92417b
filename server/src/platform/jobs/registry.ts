import type { z } from 'zod';
import type { Db } from '../db/db.ts';

/**
 * What a job handler may use: the database and the clock here; the app adds its other
 * dependencies by declaration merging (app.ts), since platform imports no higher layer.
 */
export interface JobServices {
  db: Db;
  /** Milliseconds since the epoch (injectable: tests move it instead of sleeping). */
  clock: () => number;
}

/** The job a handler runs: its row's identity and attempt, and the app's services. */
export interface JobRun {
  jobID: number;
  type: string;
  /** This attempt's number, from 1. */
  attempts: number;
  maxAttempts: number;
  trackingID: string | null;
  services: JobServices;
}

export type JobHandler<Payload> = (payload: Payload, run: JobRun) => Promise<void>;

export interface JobDefinition<Schema extends z.ZodType = z.ZodType> {
  /** Validates the payload when it is enqueued and again when it runs. */
  schema: Schema;
  handler: JobHandler<z.output<Schema>>;
  /** Attempts before the job is dead (default 5). */
  maxAttempts?: number;
}

/** A failure that no retry can fix (a bad payload, a record that is gone): the job is dead at once. */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}

/** Attempts of a job whose definition names none. */
export const DEFAULT_MAX_ATTEMPTS = 5;

const definitions = new Map<string, JobDefinition>();

/**
 * Registers the handler of a job type (at module load, by the feature that owns it). Handlers
 * must be idempotent: a job whose worker died is run again after its lease.
 */
export function registerJob<Schema extends z.ZodType>(type: string, definition: JobDefinition<Schema>): void {
  definitions.set(type, definition as unknown as JobDefinition);
}

/** The registered definition of a job type, if this process knows it. */
export function jobDefinitionOf(type: string): JobDefinition | undefined {
  return definitions.get(type);
}
