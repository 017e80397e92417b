/**
 * Issue 18 "every core": what a write's answer now waits for, measured alone. N processes
 * (node:cluster) each run an EventBus over the real transport (the cluster relay, or PostgreSQL
 * LISTEN/NOTIFY on a scratch database); the first publishes a guest-cache invalidation and times
 * `peersApplied()` (every other process ran its subscriber), one write after the other.
 *
 * Usage: node bench/peer-confirm.ts [--db sqlite|postgres] [--processes 2] [--writes 1000]
 */
import cluster from 'node:cluster';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { guardClient } from '../server/src/platform/db/pg-errors.ts';
import { EventBus, type EventTransport } from '../server/src/platform/events/bus.ts';
import { createClusterTransport, relayClusterEvents } from '../server/src/platform/events/cluster-transport.ts';
import { createPostgresTransport } from '../server/src/platform/events/pg-transport.ts';
import { PG_BASE, pgUrl } from './measure.ts';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'sqlite' },
    processes: { type: 'string', default: '2' },
    writes: { type: 'string', default: '1000' },
  },
});
const processes = Number(values.processes);
const writes = Number(values.writes);
const database = 'hearth_bench_peer_confirm';

async function admin(sql: string): Promise<void> {
  const client = guardClient(new pg.Client({ connectionString: PG_BASE }));
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

if (cluster.isPrimary) {
  if (values.db === 'postgres') {
    await admin(`drop database if exists ${database} with (force)`);
    await admin(`create database ${database}`);
  } else relayClusterEvents(cluster);
  let ready = 0;
  const workers = Array.from({ length: processes }, () => cluster.fork());
  for (const worker of workers) {
    worker.on('message', (message: unknown) => {
      if (message === 'listening' && (ready += 1) === processes) workers[0]?.send('go');
      if (typeof message === 'object' && message !== null && 'result' in message) {
        process.stdout.write(`${String((message as { result: string }).result)}\n`);
        for (const each of workers) each.kill();
        void (values.db === 'postgres' ? admin(`drop database if exists ${database} with (force)`) : Promise.resolve()).then(() =>
          process.exit(0),
        );
      }
    });
  }
} else {
  const transport: EventTransport =
    values.db === 'postgres' ? createPostgresTransport({ connectionString: pgUrl(database) }) : createClusterTransport();
  const bus = new EventBus({ transport });
  bus.subscribe('cacheInvalidated', () => {});
  await bus.start();
  process.send?.('listening');
  process.on('message', (message: unknown) => {
    if (message !== 'go') return;
    void (async () => {
      const times: number[] = [];
      for (let index = 0; index < writes; index += 1) {
        const started = performance.now();
        bus.publish('cacheInvalidated', { cache: 'guest', change: { discussionIDs: [index + 1], categoryIDs: [1] } });
        await bus.peersApplied();
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      const at = (share: number) => (times[Math.min(times.length - 1, Math.floor(share * times.length))] ?? 0).toFixed(3);
      const mean = (times.reduce((sum, time) => sum + time, 0) / times.length).toFixed(3);
      process.send?.({
        result: `${String(values.db)}, ${String(processes)} processes, ${String(writes)} writes: peersApplied mean ${mean} ms, p50 ${at(0.5)} ms, p90 ${at(0.9)} ms, p99 ${at(0.99)} ms, max ${at(1 - 1e-9)} ms`,
      });
    })();
  });
}
