import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { run } from 'node:test';
import { spec } from 'node:test/reporters';
import { chromiumPath } from './support/browser.ts';
import { hasWebBuild, startServer, type RunningServer } from './support/server.ts';

/**
 * Browser journeys: starts the built app once (`e2e/server.ts`, random port, temporary SQLite
 * DATA_DIR) and runs every `e2e/<area>/<journey>.spec.ts` against it with node:test. Builds
 * nothing: run `npm run build` first. Skipped with a notice when Chromium is not installed.
 * Arguments filter the spec files by path (`node e2e/run.ts hamburger`).
 */
const root = path.resolve(import.meta.dirname, '..');

if (!existsSync(chromiumPath)) {
  process.stdout.write(`Browser journeys skipped: Chromium is not installed at ${chromiumPath}.\n`);
  process.exit(0);
}
if (!hasWebBuild()) {
  process.stderr.write('Browser journeys need the web build: run `npm run build` first.\n');
  process.exit(1);
}

function findSpecs(directory: string, only: readonly string[]): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(directory)) {
    const full = path.join(directory, entry);
    if (entry === 'node_modules' || entry === 'screenshots') continue;
    if (statSync(full).isDirectory()) files.push(...findSpecs(full, only));
    else if (
      entry.endsWith('.spec.ts') &&
      (only.length === 0 || only.some((name) => full.includes(name)))
    )
      files.push(full);
  }
  return files.sort();
}

let failed = false;
let server: RunningServer | null = null;
try {
  server = await startServer();
  process.env.E2E_BASE_URL = server.baseURL;
  process.env.E2E_DATA_DIR = server.dataDir;
  process.env.E2E_CONTROL_URL = server.controlURL;
  const stream = run({
    files: findSpecs(path.join(root, 'e2e'), process.argv.slice(2)),
    // One journey at a time: journeys share the sign-in throttles of one server and one address.
    concurrency: 1,
    timeout: 120_000,
  });
  stream.on('test:fail', () => {
    failed = true;
  });
  await new Promise<void>((resolve) => {
    stream.compose(spec).on('end', resolve).pipe(process.stdout);
  });
} catch (error) {
  failed = true;
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
} finally {
  await server?.stop();
}
process.exit(failed ? 1 : 0);
