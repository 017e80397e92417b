import { AppError } from '../../platform/errors.ts';
import type { LiveStream } from './live.stream.ts';

export interface LiveHubOptions {
  /** Open streams one process holds at most; more answer 503 (the browser falls back to polling). */
  maxStreams: number;
  /** Milliseconds between heartbeats (0: none; tests call `beat()`). */
  heartbeatMs: number;
}

/** Streams one reader keeps at most (their tabs); a new one ends their oldest. */
export const MAX_STREAMS_PER_USER = 8;

/** Seconds a refused browser waits before it tries a stream again. */
const RETRY_AFTER_SECONDS = 30;

function addTo<K>(index: Map<K, Set<LiveStream>>, key: K, stream: LiveStream): void {
  let set = index.get(key);
  if (!set) index.set(key, (set = new Set()));
  set.add(stream);
}

function removeFrom<K>(index: Map<K, Set<LiveStream>>, key: K, stream: LiveStream): void {
  const set = index.get(key);
  if (!set) return;
  set.delete(stream);
  if (set.size === 0) index.delete(key);
}

/**
 * This process's open event streams (`GET /api/v2/events`), indexed by reader and by discussion,
 * so an event reaches exactly the streams it concerns. Bounded in number; heartbeats keep idle
 * streams open through proxies; a closed socket leaves every index at once.
 */
export class LiveHub {
  readonly #byUser = new Map<number, Set<LiveStream>>();
  readonly #byDiscussion = new Map<number, Set<LiveStream>>();
  readonly #all = new Set<LiveStream>();
  /** Open streams this process holds at most (tests lower it). */
  maxStreams: number;
  readonly #heartbeatMs: number;
  #timer: NodeJS.Timeout | undefined;

  constructor(options: LiveHubOptions) {
    this.maxStreams = options.maxStreams;
    this.#heartbeatMs = options.heartbeatMs;
  }

  /** Open streams in this process. */
  get size(): number {
    return this.#all.size;
  }

  /**
   * Refuses a new stream when the process holds its maximum.
   * @throws AppError 503 "Too many live connections. Try again later." with `Retry-After`.
   */
  assertRoom(): void {
    if (this.#all.size < this.maxStreams) return;
    throw new AppError(503, 'Too many live connections. Try again later.', {
      headers: { 'retry-after': String(RETRY_AFTER_SECONDS) },
    });
  }

  add(stream: LiveStream): void {
    // One reader cannot hold the process's streams: their oldest tab's stream makes room.
    if (stream.userID > 0) {
      const own = this.#byUser.get(stream.userID);
      if (own && own.size >= MAX_STREAMS_PER_USER) own.values().next().value?.close();
    }
    this.#all.add(stream);
    if (stream.userID > 0) addTo(this.#byUser, stream.userID, stream);
    if (stream.discussionID !== null) addTo(this.#byDiscussion, stream.discussionID, stream);
    stream.onClose(() => {
      this.#all.delete(stream);
      removeFrom(this.#byUser, stream.userID, stream);
      if (stream.discussionID !== null) removeFrom(this.#byDiscussion, stream.discussionID, stream);
    });
  }

  /** The open streams of a reader. */
  ofUser(userID: number): LiveStream[] {
    return [...(this.#byUser.get(userID) ?? [])];
  }

  /** The open streams reading a discussion. */
  ofDiscussion(discussionID: number): LiveStream[] {
    return [...(this.#byDiscussion.get(discussionID) ?? [])];
  }

  /** Sends a heartbeat on every stream. */
  beat(): void {
    for (const stream of this.#all) stream.heartbeat();
  }

  start(): void {
    if (this.#heartbeatMs <= 0 || this.#timer) return;
    this.#timer = setInterval(() => this.beat(), this.#heartbeatMs);
    this.#timer.unref();
  }

  /** Stops heartbeats and ends every stream (shutdown: the server can then close). */
  close(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
    for (const stream of [...this.#all]) stream.close();
  }
}
