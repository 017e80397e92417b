/**
 * The load generator, run as its own process by bench/run.ts so it does not share a CPU core's
 * event loop with the orchestrator: `node bench/load.ts <spec.json>` drives one endpoint with
 * autocannon (a warm-up, then the measured run) and prints one JSON line with the results.
 * Latencies are taken from every response (autocannon's own summary has no p95).
 */
import fs from 'node:fs';
import autocannon from 'autocannon';

export interface LoadSpec {
  url: string;
  method: 'GET' | 'POST' | 'PATCH';
  connections: number;
  warmupSeconds: number;
  durationSeconds: number;
  headers?: Record<string, string>;
  /** POST runs: bodies rotated request by request. */
  bodies?: string[];
  /** Bearer tokens rotated request by request (members' reads and writes). */
  tokens?: string[];
  /** Paths rotated with the tokens, index for index (each member's own record, e.g. their draft). */
  paths?: string[];
}

export interface LoadResult {
  requests: number;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  errors: number;
  non2xx: number;
  statusCodes: Record<string, number>;
  bytesPerRequest: number;
}

function percentile(sorted: Float64Array, fraction: number): number {
  if (sorted.length === 0) return 0;
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]! * 10) / 10;
}

async function drive(spec: LoadSpec, seconds: number, record: boolean): Promise<LoadResult> {
  const latencies: number[] = [];
  const statusCodes: Record<string, number> = {};
  let sent = 0;
  const started = performance.now();
  const instance = autocannon({
    url: spec.url,
    connections: spec.connections,
    duration: seconds,
    headers: { 'accept-encoding': 'gzip, deflate, br', ...(spec.headers ?? {}) },
    ...(spec.tokens
      ? {
          requests: [
            {
              method: spec.method,
              setupRequest: (request: autocannon.Request) => {
                sent += 1;
                const tokens = spec.tokens!;
                const index = sent % tokens.length;
                return {
                  ...request,
                  method: spec.method,
                  ...(spec.paths ? { path: spec.paths[index % spec.paths.length]! } : {}),
                  headers: {
                    ...request.headers,
                    ...(spec.bodies ? { 'content-type': 'application/json' } : {}),
                    authorization: `Bearer ${tokens[index]!}`,
                  },
                  ...(spec.bodies ? { body: spec.bodies[sent % spec.bodies.length]! } : {}),
                };
              },
            },
          ],
        }
      : { method: spec.method }),
  });
  let bytes = 0;
  (instance as unknown as NodeJS.EventEmitter).on('response', (_client: unknown, statusCode: number, resBytes: number, responseTime: number) => {
    if (!record) return;
    latencies.push(responseTime);
    bytes += resBytes;
    statusCodes[statusCode] = (statusCodes[statusCode] ?? 0) + 1;
  });
  const result = await instance;
  const elapsed = (performance.now() - started) / 1000;
  const sorted = Float64Array.from(latencies).sort();
  const non2xx = Object.entries(statusCodes).filter(([code]) => !code.startsWith('2')).reduce((sum, [, count]) => sum + count, 0);
  return {
    requests: latencies.length,
    requestsPerSecond: Math.round((latencies.length / Math.min(elapsed, seconds + 0.5)) * 10) / 10,
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
    max: sorted.length ? Math.round(sorted[sorted.length - 1]! * 10) / 10 : 0,
    errors: result.errors + result.timeouts + non2xx,
    non2xx,
    statusCodes,
    bytesPerRequest: latencies.length ? Math.round(bytes / latencies.length) : 0,
  };
}

if (import.meta.main) {
  const spec = JSON.parse(fs.readFileSync(process.argv[2]!, 'utf8')) as LoadSpec;
  if (spec.warmupSeconds > 0) await drive(spec, spec.warmupSeconds, false);
  process.stdout.write(`READY\n`);
  const result = await drive(spec, spec.durationSeconds, true);
  process.stdout.write(`${JSON.stringify(result)}\n`);
}
