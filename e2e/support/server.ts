import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before } from 'node:test';

const root = path.resolve(import.meta.dirname, '..', '..');

/** The first administrator's password on the journeys' server. */
export const adminPassword = 'E2e-Admin-Password-1';

export interface RunningServer {
  baseURL: string;
  dataDir: string;
  /** The server's clock control (e2e/server.ts; support/clock.ts moves it). */
  controlURL: string;
  stop: () => Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Whether `npm run build` has produced the client and SSR bundles. */
export function hasWebBuild(): boolean {
  return (
    existsSync(path.join(root, 'dist', 'web', 'index.html')) &&
    existsSync(path.join(root, 'dist', 'server-entry', 'entry-server.js'))
  );
}

/**
 * Starts the built app (`e2e/server.ts`) on a random port with a fresh SQLite DATA_DIR and waits
 * for `/api/v2/health`. Builds nothing.
 */
export async function startServer(): Promise<RunningServer> {
  if (!hasWebBuild()) {
    throw new Error('The browser journeys need the web build: run `npm run build` first.');
  }
  const port = await freePort();
  const controlPort = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hearth-e2e-'));
  const baseURL = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(process.execPath, [path.join(root, 'e2e', 'server.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      E2E_CONTROL_PORT: String(controlPort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      BASE_URL: baseURL,
      ADMIN_NAME: 'admin',
      ADMIN_EMAIL: 'admin@example.com',
      ADMIN_PASSWORD: adminPassword,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      // Journeys send each visitor's address as X-Forwarded-For (support/addresses.ts); the server
      // believes it only from a trusted proxy. Untrusted, every journey was 127.0.0.1 and shared
      // the sign-in throttles (one admin sign-in a second per address: a 429 when two came close).
      TRUST_PROXY: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  // Three minutes: on a machine loaded by other work, migrating and loading the app took over 60 s.
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`The server exited (${child.exitCode}):\n${output}`);
    }
    try {
      if ((await fetch(`${baseURL}/api/v2/health`)).status === 200) {
        return { baseURL, dataDir, controlURL: `http://127.0.0.1:${controlPort}`, stop };
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`The server did not answer /api/v2/health within 180 s:\n${output}`);
}

let current: string | null = null;
let currentDataDir: string | null = null;
let currentControlURL: string | null = null;

/**
 * Declares the journey file's server, at the top level of a spec: the runner's server
 * (`E2E_BASE_URL`), else one started before the file's tests and stopped after them, so a spec
 * also runs on its own with `node --test`.
 */
export function useJourneyServer(): void {
  let server: RunningServer | null = null;
  before(async () => {
    const given = process.env.E2E_BASE_URL;
    if (given !== undefined && given !== '') {
      current = given;
      currentDataDir = process.env.E2E_DATA_DIR ?? null;
      currentControlURL = process.env.E2E_CONTROL_URL ?? null;
      return;
    }
    server = await startServer();
    current = server.baseURL;
    currentDataDir = server.dataDir;
    currentControlURL = server.controlURL;
  });
  after(async () => {
    await server?.stop();
  });
}

/** The base URL of the journey's server (after `useJourneyServer()`'s hook ran). */
export function journeyBaseURL(): string {
  if (current === null) {
    throw new Error('Call useJourneyServer() at the top of the spec file.');
  }
  return current;
}

/** The DATA_DIR of the journey's server (its `outbox/` holds the e-mails sent). */
export function journeyDataDir(): string {
  if (currentDataDir === null) {
    throw new Error(
      'Call useJourneyServer() at the top of the spec file (and run through e2e/run.ts or alone).',
    );
  }
  return currentDataDir;
}

/** The clock control of the journey's server (its `/clock/advance`, support/clock.ts). */
export function journeyControlURL(): string {
  if (currentControlURL === null) {
    throw new Error(
      'Call useJourneyServer() at the top of the spec file (and run through e2e/run.ts or alone).',
    );
  }
  return currentControlURL;
}
