import { spawnSync } from 'node:child_process';
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
if (builtAt < sourcesAt) {
  process.stdout.write('Building the web app (first start or changed sources)...\n');
  const result = spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

process.env.NODE_ENV ??= 'production';
const { main } = await import('../server/src/main.ts');
await main();
