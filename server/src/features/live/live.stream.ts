import type { ServerResponse } from 'node:http';
import type { LiveEventName } from '../../../../common/src/api/live.ts';
import type { RequestContext } from '../../http/context.ts';

/**
 * Where a stream is: the newest notification and comment it has sent. It travels as every event's
 * `id`, so a browser reconnecting with `Last-Event-ID` resumes from there, in any process.
 */
export interface LiveCursor {
  notificationID: number;
  commentID: number;
}

/** `<notificationID>.<commentID>`. */
export function formatCursor(cursor: LiveCursor): string {
  return `${String(cursor.notificationID)}.${String(cursor.commentID)}`;
}

/** A `Last-Event-ID` this server wrote, else undefined (a stranger's value starts afresh). */
export function parseCursor(value: string | undefined): LiveCursor | undefined {
  const match = value === undefined ? null : /^(\d{1,10})\.(\d{1,10})$/.exec(value.trim());
  if (!match) return undefined;
  const [notificationID, commentID] = [Number(match[1]), Number(match[2])];
  if (notificationID > 2_147_483_647 || commentID > 2_147_483_647) return undefined;
  return { notificationID, commentID };
}

/** Bytes a slow reader may leave unread before its stream is closed (it reconnects and resumes). */
const MAX_BUFFERED_BYTES = 1024 * 1024;

/** One open event stream: its reader, what it follows, and the writes to its socket. */
export class LiveStream {
  readonly userID: number;
  readonly discussionID: number | null;
  /** The request's context (actor, settings); permissions are read again before each push. */
  readonly ctx: RequestContext;
  cursor: LiveCursor;
  #raw: ServerResponse;
  #closed = false;
  #queue: Promise<void> = Promise.resolve();
  #onClose: (() => void)[] = [];

  constructor(raw: ServerResponse, options: { ctx: RequestContext; discussionID: number | null; cursor: LiveCursor }) {
    this.#raw = raw;
    this.ctx = options.ctx;
    this.userID = options.ctx.actor.userID;
    this.discussionID = options.discussionID;
    this.cursor = options.cursor;
    raw.on('close', () => this.close());
  }

  get closed(): boolean {
    return this.#closed;
  }

  /** Writes the response head and the reconnection delay. */
  open(retryMs: number, contentType: string): void {
    this.#raw.writeHead(200, {
      'content-type': contentType,
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      // Proxies (nginx) must pass events on at once.
      'x-accel-buffering': 'no',
    });
    this.#write(`retry: ${String(retryMs)}\n\n`);
  }

  /** Sends one event; `advance` moves the cursor first, so the event's `id` includes it. */
  send(name: LiveEventName, data: unknown, advance: Partial<LiveCursor> = {}): void {
    if (this.#closed) return;
    this.cursor = {
      notificationID: Math.max(this.cursor.notificationID, advance.notificationID ?? 0),
      commentID: Math.max(this.cursor.commentID, advance.commentID ?? 0),
    };
    this.#write(`id: ${formatCursor(this.cursor)}\nevent: ${name}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  /** A comment line: keeps proxies and the browser from timing the connection out. */
  heartbeat(): void {
    this.#write(': ping\n\n');
  }

  /**
   * Runs pushes to this stream one after another (two events arriving together never send the
   * same notification twice); a failed push closes the stream (the browser reconnects).
   */
  enqueue(push: () => Promise<void>, onError: (error: unknown) => void): Promise<void> {
    this.#queue = this.#queue.then(async () => {
      if (this.#closed) return;
      try {
        await push();
      } catch (error) {
        onError(error);
        this.close();
      }
    });
    return this.#queue;
  }

  onClose(listener: () => void): void {
    this.#onClose.push(listener);
  }

  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    if (!this.#raw.writableEnded) this.#raw.end();
    for (const listener of this.#onClose.splice(0)) listener();
  }

  #write(chunk: string): void {
    if (this.#closed) return;
    this.#raw.write(chunk);
    if (this.#raw.writableLength > MAX_BUFFERED_BYTES) this.close();
  }
}
