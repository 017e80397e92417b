import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';

// `npm start`: builds the web app when there is no build or the sources are newer, then starts the server.
const root = path.resolve(import.meta.dirname, '..');
const manifest = path.join(root, 'dist/web/.vite/manifest.json');

function newestMtime(directory: string): number {
  let newest = 0;
  if (!fs.existsSync(directory)) return newest;
  for (const entry of fs.readdirSync(directory, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const stat = fs.statSync(path.join(entry.parentPath, entry.name));
    newest = Math.max(newest, stat.mtimeMs);
  }
  return newest;
}

const builtAt = fs.existsSync(manifest) ? fs.statSync(manifest).mtimeMs : 0;
const sourcesAt = Math.max(newestMtime(path.join(root, 'web')), newestMtime(path.join(root, 'common/src')));
// A reader of our output that goes away (`npm start | head -c 10`) must not stop the start: write
// errors (EPIPE) are ignored, and the build's output passes through us unless it goes to a terminal.
process.stdout.on('error', () => {});
process.stderr.on('error', () => {});

if (builtAt < sourcesAt) {
  process.stdout.write('Building the web app (first start or changed sources)...\n');
  const build = spawn('npm', ['run', '--silent', 'build'], {
    cwd: root,
    stdio: ['ignore', process.stdout.isTTY ? 'inherit' : 'pipe', process.stderr.isTTY ? 'inherit' : 'pipe'],
  });
  build.stdout?.on('data', (chunk: Buffer) => process.stdout.write(chunk));
  build.stderr?.on('data', (chunk: Buffer) => process.stderr.write(chunk));
  const [code] = (await once(build, 'close')) as [number | null];
  if (code !== 0) process.exit(code ?? 1);
}

process.env.NODE_ENV ??= 'production';
const { main } = await import('../server/src/main.ts');
await main();
