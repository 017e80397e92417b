/** The bench's server process: the built assets, start (the flags of `npm start`) and stop. */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { benchEnv, type Target } from './seed.ts';

const root = path.resolve(import.meta.dirname, '..');

export function ensureBuild(force: boolean, log: (line: string) => void): void {
  const ready = fs.existsSync(path.join(root, 'dist/web/index.html')) && fs.existsSync(path.join(root, 'dist/server-entry/entry-server.js'));
  if (ready && !force) return;
  log('Building the web app (npm run build)…');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('npm run build failed.');
}

export async function startServer(run: Target, port: number, cpuProfDir: string | undefined, guestCache: boolean, workers = 1): Promise<ChildProcess> {
  // The V8 flags of `npm start` (package.json): a 4 MB young generation semi-space keeps the
  // process's RSS under 250 MB (default 16 MB: ~320 MB after a few read runs, same throughput), and
  // the old generation grows by half instead of V8's default factor (up to 4×) before the next
  // collection (uncached page renders: peak RSS ~270 MB instead of ~380 MB, same CPU).
  const args = ['--max-semi-space-size=4', '--heap-growing-percent=50', ...(cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfDir}`] : []), 'server/src/main.ts'];
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: {
      ...process.env,
      ...benchEnv(run),
      PORT: String(port),
      HOST: '127.0.0.1',
      BASE_URL: `http://127.0.0.1:${port}`,
      ...(guestCache ? {} : { GUEST_CACHE_SECONDS: '0' }),
      WORKERS: String(workers),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited: ${output}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/v2/health`);
      if (response.ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGTERM');
  throw new Error(`The server did not answer within 60 s: ${output}`);
}

export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}
