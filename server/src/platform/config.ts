import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const envSchema = z.object({
  PORT: z.coerce
    .number({ message: 'must be a whole number from 0 to 65535' })
    .int('must be a whole number from 0 to 65535')
    .min(0, 'must be a whole number from 0 to 65535')
    .max(65535, 'must be a whole number from 0 to 65535')
    .default(3000),
  HOST: z.string().trim().min(1, 'must not be empty').default('0.0.0.0'),
  DATA_DIR: z.string().trim().min(1, 'must not be empty').default('./data'),
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
  ),
  EVENTS_DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
  ),
  BASE_URL: optionalText.pipe(
    z
      .url({ protocol: /^https?$/, message: 'must be an http:// or https:// URL' })
      .transform((value) => value.replace(/\/+$/, ''))
      .optional(),
  ),
  SMTP_URL: optionalText.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
  ),
  ADMIN_NAME: z.string().trim().min(1, 'must not be empty').default('admin'),
  ADMIN_EMAIL: z.email('must be an e-mail address').default('admin@example.com'),
  ADMIN_PASSWORD: optionalText.pipe(
    z.string().min(8, 'must be at least 8 characters long').optional(),
  ),
  LOG_LEVEL: z
    .enum(logLevels, { message: `must be one of ${logLevels.join(', ')}` })
    .default('info'),
  NODE_ENV: z.string().default('development'),
  GUEST_CACHE_SECONDS: z.coerce
    .number({ message: 'must be a whole number of seconds from 0 to 3600' })
    .int('must be a whole number of seconds from 0 to 3600')
    .min(0, 'must be a whole number of seconds from 0 to 3600')
    .max(3600, 'must be a whole number of seconds from 0 to 3600')
    .default(10),
  JOB_CONCURRENCY: z.coerce
    .number({ message: 'must be a whole number from 0 to 64' })
    .int('must be a whole number from 0 to 64')
    .min(0, 'must be a whole number from 0 to 64')
    .max(64, 'must be a whole number from 0 to 64')
    .default(2),
  JOB_LEASE_SECONDS: z.coerce
    .number({ message: 'must be a whole number of seconds from 1 to 3600' })
    .int('must be a whole number of seconds from 1 to 3600')
    .min(1, 'must be a whole number of seconds from 1 to 3600')
    .max(3600, 'must be a whole number of seconds from 1 to 3600')
    .default(60),
  WORKERS: optionalText.pipe(
    z.coerce
      .number<string | undefined>({ message: 'must be a whole number from 1 to 256' })
      .int('must be a whole number from 1 to 256')
      .min(1, 'must be a whole number from 1 to 256')
      .max(256, 'must be a whole number from 1 to 256')
      .optional(),
  ),
  TRUST_PROXY: optionalText.pipe(
    z
      .string()
      .regex(/^(true|false|[\d.:a-fA-F/, ]+)$/, 'must be true, false, or proxy addresses (CIDR allowed, comma-separated)')
      .optional(),
  ),
});

/** The validated process configuration (ARCHITECTURE.md "Configuration"). */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /**
   * Where each process LISTENs for the others' events (platform/events/pg-transport.ts): a session
   * connection, so not a PgBouncer in transaction mode. EVENTS_DATABASE_URL, else DATABASE_URL.
   */
  eventsDatabaseUrl: string | undefined;
  /**
   * The site's address without a trailing slash: BASE_URL, else `http://localhost:PORT`. In a
   * request's `ctx.config` it is that request's own origin when BASE_URL is unset (http/origin.ts).
   */
  baseUrl: string;
  /** BASE_URL is unset: absolute URLs follow each request's Host (issue 11 item 16). */
  baseUrlFromRequest: boolean;
  /**
   * What links in e-mails start with: BASE_URL, else `http://localhost:PORT`, never a request's
   * Host (a forged Host would otherwise mail a password-reset link to another site).
   */
  mailBaseUrl: string;
  smtpUrl: string | undefined;
  adminName: string;
  adminEmail: string;
  adminPassword: string | undefined;
  logLevel: (typeof logLevels)[number];
  isProduction: boolean;
  /** True when BASE_URL is https: the session cookie is then Secure. */
  secureCookies: boolean;
  /** Which X-Forwarded-* senders to believe (Fastify trustProxy): off unless TRUST_PROXY says so. */
  trustProxy: boolean | string;
  /**
   * How long a guest's page or API read may be answered from this process's memory (0 = never);
   * every write through this process empties the cache at once (platform/guest-cache.ts).
   */
  guestCacheSeconds: number;
  /** How many jobs this process's worker runs at once (platform/jobs); 0 turns the worker off. */
  jobConcurrency: number;
  /** A running job's lease: a job whose process died is claimed again this long after its last renewal. */
  jobLeaseSeconds: number;
  /**
   * How many server processes `npm start` runs (node:cluster, main.ts): WORKERS, else one per core
   * (`os.availableParallelism()`); 1 is a single process without a cluster. A write that empties
   * caches answers once every process has emptied its own (docs/decisions.md, every core).
   */
  workers: number;
}

function parseTrustProxy(value: string | undefined): boolean | string {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  return value;
}

/** A start-up configuration error; main.ts prints `message` alone and exits. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Reads and validates the environment. A bad value throws a ConfigError whose message is one
 * line naming the variable, e.g. `Invalid configuration: PORT must be a whole number from 0 to 65535 (got "abc").`
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const issue = result.error.issues[0];
    const variable = String(issue?.path[0] ?? 'environment');
    const got = env[variable];
    const shown = variable.includes('PASSWORD') ? '' : got === undefined ? '' : ` (got ${JSON.stringify(got)})`;
    throw new ConfigError(`Invalid configuration: ${variable} ${issue?.message ?? 'is invalid'}${shown}.`);
  }
  const value = result.data;
  const baseUrl = value.BASE_URL ?? `http://localhost:${value.PORT}`;
  return {
    port: value.PORT,
    host: value.HOST,
    dataDir: path.resolve(value.DATA_DIR),
    databaseUrl: value.DATABASE_URL,
    eventsDatabaseUrl: value.DATABASE_URL === undefined ? undefined : (value.EVENTS_DATABASE_URL ?? value.DATABASE_URL),
    baseUrl,
    baseUrlFromRequest: value.BASE_URL === undefined,
    mailBaseUrl: baseUrl,
    smtpUrl: value.SMTP_URL,
    adminName: value.ADMIN_NAME,
    adminEmail: value.ADMIN_EMAIL,
    adminPassword: value.ADMIN_PASSWORD,
    logLevel: value.LOG_LEVEL,
    isProduction: value.NODE_ENV === 'production',
    secureCookies: baseUrl.startsWith('https://'),
    trustProxy: parseTrustProxy(value.TRUST_PROXY),
    guestCacheSeconds: value.GUEST_CACHE_SECONDS,
    jobConcurrency: value.JOB_CONCURRENCY,
    jobLeaseSeconds: value.JOB_LEASE_SECONDS,
    workers: value.WORKERS ?? os.availableParallelism(),
  };
}
