import { createServer } from 'node:http';
import path from 'node:path';
import { buildApp } from '../server/src/app.ts';
import { prepareDatabase } from '../server/src/main.ts';
import { loadConfig } from '../server/src/platform/config.ts';
import { openDatabase } from '../server/src/platform/db/db.ts';

/**
 * The server the browser journeys run against: the real app on the built web bundle, started
 * like `server/src/main.ts` (PORT, DATA_DIR, ADMIN_PASSWORD from the environment).
 *
 * Its clock (the app's `clock`: throttles, jobs) runs ahead of the wall clock by what the journeys
 * asked for: with E2E_CONTROL_PORT, `POST /clock/advance?seconds=N` on that loopback port moves it
 * N seconds on (support/clock.ts), as a visitor's pause would, so no journey sleeps out a rule
 * counted in seconds.
 */
const config = loadConfig();
const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await prepareDatabase(database, config);
const distDir = path.resolve(import.meta.dirname, '..', 'dist');
let aheadMs = 0;
const clock = () => Date.now() + aheadMs;
const app = await buildApp({ config, database, distDir, logger: false, clock });
await app.listen({ port: config.port, host: config.host });

const control = createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://127.0.0.1');
  const seconds = Number(url.searchParams.get('seconds'));
  if (request.method !== 'POST' || url.pathname !== '/clock/advance' || !(seconds > 0)) {
    response.writeHead(404).end();
    return;
  }
  aheadMs += seconds * 1000;
  response
    .writeHead(200, { 'content-type': 'application/json' })
    .end(JSON.stringify({ now: clock() }));
});
const controlPort = Number(process.env.E2E_CONTROL_PORT ?? '0');
if (controlPort > 0) {
  await new Promise<void>((resolve) => control.listen(controlPort, '127.0.0.1', resolve));
}
process.stdout.write(`e2e server listening on ${config.port}\n`);

const stop = async () => {
  control.close();
  await app.close();
  await database.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
