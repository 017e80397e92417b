import cluster, { type Worker } from 'node:cluster';
import { relayClusterEvents } from './platform/events/cluster-transport.ts';

/** A worker that ran at least this long before dying is restarted at once; sooner, after a pause. */
const HEALTHY_RUN_MS = 10_000;
const FIRST_PAUSE_MS = 500;
const MAX_PAUSE_MS = 30_000;
/** After SIGTERM, workers that have not ended by then are killed (each drains within 10 s). */
const DRAIN_LIMIT_MS = 11_000;

export interface SupervisorOptions {
  /** How many workers to keep running. */
  workers: number;
  /** The script each worker runs (main.ts). */
  exec: string;
  /** Plain lines for the operator (restarts, failures). */
  print: (text: string) => void;
  /** Once, when every first worker listens. */
  onListening: () => void;
  /** When the workers cannot start at all (none ever listened): the primary should exit. */
  onStartFailed: () => void;
}

export interface Supervisor {
  /** Sends SIGTERM to every worker and resolves when all have ended (killing stragglers). */
  stop(): Promise<void>;
}

/**
 * The primary process of `npm start` with WORKERS > 1 (node:cluster): forks the workers, which
 * share the listening port; relays the workers' events to each other (the SQLite transport; on
 * PostgreSQL events go through LISTEN/NOTIFY); restarts a worker that dies, pausing longer after
 * each quick death (0.5 s doubling to 30 s); on stop, lets every worker drain its requests.
 */
export function superviseWorkers(options: SupervisorOptions): Supervisor {
  cluster.setupPrimary({ exec: options.exec });
  relayClusterEvents(cluster);
  let stopping = false;
  let listeningOnce = false;
  let quickDeaths = 0;
  const startedAt = new Map<Worker, number>();
  const waiting = new Set<Worker>();

  const fork = () => {
    const worker = cluster.fork();
    startedAt.set(worker, Date.now());
    return worker;
  };

  cluster.on('listening', (worker) => {
    if (listeningOnce) return;
    waiting.delete(worker);
    if (waiting.size === 0) {
      listeningOnce = true;
      options.onListening();
    }
  });

  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker) ?? Date.now());
    startedAt.delete(worker);
    if (stopping) return;
    const how = signal ? `signal ${signal}` : `code ${String(code)}`;
    if (!listeningOnce) {
      stopping = true;
      options.print(`Worker ${String(worker.id)} (pid ${String(worker.process.pid)}) ended with ${how} before it could serve; stopping.\n`);
      for (const other of Object.values(cluster.workers ?? {})) other?.process.kill('SIGTERM');
      options.onStartFailed();
      return;
    }
    quickDeaths = lived < HEALTHY_RUN_MS ? quickDeaths + 1 : 0;
    const pauseMs = quickDeaths === 0 ? 0 : Math.min(MAX_PAUSE_MS, FIRST_PAUSE_MS * 2 ** (quickDeaths - 1));
    options.print(
      `Worker ${String(worker.id)} (pid ${String(worker.process.pid)}) ended with ${how}; starting another${pauseMs > 0 ? ` in ${String(pauseMs / 1000)} s` : ''}.\n`,
    );
    const timer = setTimeout(() => {
      if (!stopping) fork();
    }, pauseMs);
    timer.unref();
  });

  for (let index = 0; index < options.workers; index += 1) waiting.add(fork());

  return {
    async stop() {
      stopping = true;
      const running = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => worker !== undefined);
      const ended = running.map(
        (worker) =>
          new Promise<void>((resolve) => {
            if (worker.isDead()) resolve();
            else worker.once('exit', () => resolve());
          }),
      );
      for (const worker of running) worker.process.kill('SIGTERM');
      const limit = setTimeout(() => {
        for (const worker of running) if (!worker.isDead()) worker.process.kill('SIGKILL');
      }, DRAIN_LIMIT_MS);
      limit.unref();
      await Promise.all(ended);
      clearTimeout(limit);
    },
  };
}
