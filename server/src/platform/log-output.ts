import { prettyFactory } from 'pino-pretty';
import { createRequire } from 'node:module';

// sonic-boom is CommonJS whose named export Node's ESM loader cannot see.
const { SonicBoom } = createRequire(import.meta.url)('sonic-boom') as typeof import('sonic-boom');

/** How request logs are written: readable lines for a person, JSON lines for machines. */
export type LogFormat = 'pretty' | 'json';

/**
 * Issue 11 item 22: pretty lines when the output is a terminal (a person is reading), JSON lines
 * otherwise (a pipe, a file, a log collector).
 */
export function logFormatFor(isTerminal: boolean | undefined): LogFormat {
  return isTerminal === true ? 'pretty' : 'json';
}

/** Where the server's logs and start-up lines go. */
export interface LogOutput {
  /** pino's destination: one JSON line per call. */
  stream: { write(line: string): void };
  /** Writes a plain text (start-up lines) the same way, never blocking. */
  print(text: string): void;
  /** Hands what is still buffered to the system, waiting at most `ms` (a stuck reader never answers). */
  flush(ms: number): Promise<void>;
}

/** What may wait in memory for a slow reader; beyond it lines are dropped, never waited for. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

/**
 * A log output that can neither block nor stop the server (issue 11 item 6): writes are
 * asynchronous (a reader that stops reading costs at most MAX_BUFFERED_BYTES, then lines are
 * dropped), and a reader that goes away (EPIPE) or any other write error turns the output off
 * instead of throwing. Pretty lines are formatted in this thread (pino-pretty's formatter, not its
 * worker-thread transport), so nothing flushes synchronously at exit.
 */
export function createLogOutput(options: { format: LogFormat; fd?: number }): LogOutput {
  const destination = new SonicBoom({
    fd: options.fd ?? 1,
    sync: false,
    maxLength: MAX_BUFFERED_BYTES,
  });
  let broken = false;
  const turnOff = () => {
    broken = true;
  };
  destination.on('error', turnOff);
  destination.on('close', turnOff);
  // Bytes handed to the destination and not yet written: what flush() waits for.
  let pending = 0;
  destination.on('write', (bytes: number) => {
    pending -= bytes;
  });
  destination.on('drop', (data: string) => {
    pending -= Buffer.byteLength(data);
  });
  const write = (text: string) => {
    if (broken) return;
    try {
      pending += Buffer.byteLength(text);
      destination.write(text);
    } catch {
      broken = true;
    }
  };
  // One line per record, local time, without the pid and host a person at the terminal knows.
  const prettify =
    options.format === 'pretty'
      ? prettyFactory({
          colorize: true,
          singleLine: true,
          translateTime: 'SYS:HH:MM:ss.l',
          ignore: 'pid,hostname',
        })
      : undefined;
  return {
    stream: {
      write(line: string) {
        if (!prettify) return write(line);
        let text: string;
        try {
          text = prettify(line);
        } catch {
          text = line;
        }
        write(text);
      },
    },
    print: write,
    flush(ms: number) {
      return new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, ms);
        timer.unref();
        const check = () => {
          if (broken || pending <= 0) resolve();
          else destination.once('drain', check);
        };
        check();
      });
    },
  };
}

/**
 * Errors on the process's own standard streams (EPIPE when their reader went away) are ignored
 * instead of becoming an uncaught exception that ends the server.
 */
export function ignoreStandardStreamErrors(): void {
  for (const stream of [process.stdout, process.stderr]) stream.on('error', () => {});
}
