import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { guardClient } from '../server/src/platform/db/pg-errors.ts';

// `npm test`: type-check, lint, unit tests, web tests, the API suite on SQLite and (with
// TEST_DATABASE_URL) on PostgreSQL, then the browser journeys when Chromium is installed.
// In CI (CI=true) a missing PostgreSQL or Chromium is a failure, not a skip.

const root = path.resolve(import.meta.dirname, '..');
const isCI = process.env.CI === 'true' || process.env.CI === '1';
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const only = process.argv.slice(2);

interface Stage {
  name: string;
  command: string[];
  env?: Record<string, string>;
}

interface Outcome {
  name: string;
  ok: boolean;
  passed: number;
  failed: number;
  seconds: number;
}

function findTests(directories: string[], predicate: (file: string) => boolean): string[] {
  const files: string[] = [];
  for (const directory of directories) {
    const absolute = path.join(root, directory);
    if (!fs.existsSync(absolute)) continue;
    for (const entry of fs.readdirSync(absolute, { withFileTypes: true, recursive: true })) {
      const file = path.relative(root, path.join(entry.parentPath, entry.name));
      if (entry.isFile() && !file.includes('node_modules') && predicate(file)) files.push(file);
    }
  }
  return files.sort();
}

const unitTests = findTests(['common/src', 'server/src'], (file) => file.endsWith('.test.ts') && !file.endsWith('.api.test.ts'));
const apiTests = findTests(['server'], (file) => file.endsWith('.api.test.ts'));

const bin = (name: string) => path.join(root, 'node_modules/.bin', name);
const node = process.execPath;

function run(stage: Stage): Promise<Outcome> {
  const started = Date.now();
  process.stdout.write(`\n=== ${stage.name} ===\n`);
  return new Promise((resolve) => {
    const [command, ...args] = stage.command;
    const child = spawn(command ?? node, args, {
      cwd: root,
      env: { ...process.env, ...stage.env, FORCE_COLOR: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let passed = 0;
    let failed = 0;
    let buffer = '';
    const scan = (chunk: Buffer, out: NodeJS.WriteStream) => {
      out.write(chunk);
      buffer += chunk.toString();
      let newline = buffer.indexOf('\n');
      while (newline >= 0) {
        // eslint-disable-next-line no-control-regex -- strips ANSI colour codes from test output
        const line = buffer.slice(0, newline).replace(/\x1b\[[0-9;]*m/g, '');
        buffer = buffer.slice(newline + 1);
        // node:test spec reporter summary ("ℹ pass 12") and Vitest's ("Tests  2 failed | 10 passed (12)").
        const nodeSummary = /^\S*\s*(pass|fail) (\d+)$/.exec(line.trim());
        if (nodeSummary) {
          if (nodeSummary[1] === 'pass') passed += Number(nodeSummary[2]);
          else failed += Number(nodeSummary[2]);
        }
        const vitest = /^\s*Tests\s+(.*)\(\d+\)\s*$/.exec(line);
        if (vitest?.[1]) {
          for (const part of vitest[1].split('|')) {
            const match = /(\d+) (passed|failed)/.exec(part);
            if (match?.[2] === 'passed') passed += Number(match[1]);
            if (match?.[2] === 'failed') failed += Number(match[1]);
          }
        }
        newline = buffer.indexOf('\n');
      }
    };
    child.stdout.on('data', (chunk: Buffer) => scan(chunk, process.stdout));
    child.stderr.on('data', (chunk: Buffer) => scan(chunk, process.stderr));
    child.on('close', (code) => {
      resolve({ name: stage.name, ok: code === 0, passed, failed, seconds: (Date.now() - started) / 1000 });
    });
  });
}

async function postgresReachable(url: string): Promise<string | null> {
  const client = guardClient(new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 }));
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    await client.end().catch(() => {});
  }
}

const stages: Stage[] = [
  { name: 'typecheck', command: [bin('tsc'), '-p', 'tsconfig.json'] },
  { name: 'typecheck web', command: [bin('tsc'), '-p', 'web/tsconfig.json'] },
  { name: 'lint', command: [bin('eslint'), '.'] },
  {
    name: 'unit',
    command: [node, '--test', '--test-reporter=spec', ...unitTests],
  },
  { name: 'web', command: [bin('vitest'), 'run', '--config', 'vitest.config.ts'] },
  {
    name: 'api (SQLite)',
    command: [node, '--test', '--test-concurrency=2', '--test-reporter=spec', ...apiTests],
    env: { TEST_DB: 'sqlite' },
  },
];

const notices: string[] = [];
let setupFailed = false;

const databaseUrl = process.env.TEST_DATABASE_URL;
if (databaseUrl) {
  const problem = await postgresReachable(databaseUrl);
  if (problem) {
    const message = `PostgreSQL at TEST_DATABASE_URL is unreachable: ${problem}`;
    if (isCI) {
      process.stderr.write(`${message}\n`);
      setupFailed = true;
    } else notices.push(`${message}; the PostgreSQL run was skipped.`);
  } else {
    stages.push({
      name: 'api (PostgreSQL)',
      command: [node, '--test', '--test-concurrency=2', '--test-reporter=spec', ...apiTests],
      env: { TEST_DB: 'postgres' },
    });
  }
} else if (isCI) {
  process.stderr.write('CI needs TEST_DATABASE_URL: the API suite must run on PostgreSQL too.\n');
  setupFailed = true;
} else {
  notices.push('TEST_DATABASE_URL is not set: the API suite ran on SQLite only.');
}

if (fs.existsSync(chromiumPath)) {
  stages.push({ name: 'build', command: ['npm', 'run', '--silent', 'build'] });
  stages.push({
    name: 'browser (Chromium)',
    command: [node, 'e2e/run.ts'],
    env: { CHROMIUM_PATH: chromiumPath },
  });
} else if (isCI) {
  process.stderr.write(`CI needs Chromium at ${chromiumPath} for the browser tests.\n`);
  setupFailed = true;
} else {
  notices.push(`Chromium is not installed (${chromiumPath}): the browser tests were skipped (apt-get install -y chromium).`);
}

const selected = only.length > 0 ? stages.filter((stage) => only.some((name) => stage.name.startsWith(name))) : stages;
const outcomes: Outcome[] = [];
if (!setupFailed) {
  for (const stage of selected) outcomes.push(await run(stage));
}

process.stdout.write('\n=== summary ===\n');
for (const outcome of outcomes) {
  const counts = outcome.passed + outcome.failed > 0 ? ` (${outcome.passed} passed, ${outcome.failed} failed)` : '';
  process.stdout.write(`${outcome.ok ? 'ok  ' : 'FAIL'} ${outcome.name}${counts} ${outcome.seconds.toFixed(1)}s\n`);
}
for (const notice of notices) process.stdout.write(`notice: ${notice}\n`);
const passed = outcomes.reduce((sum, outcome) => sum + outcome.passed, 0);
const failedStages = outcomes.filter((outcome) => !outcome.ok).length;
const failed = outcomes.reduce((sum, outcome) => sum + outcome.failed, 0) + (failedStages > 0 && outcomes.every((o) => o.failed === 0) ? failedStages : 0);
process.stdout.write(`${passed} passed, ${failed + (setupFailed ? 1 : 0)} failed\n`);
process.exit(setupFailed || failedStages > 0 ? 1 : 0);
