import type { LiveEventData, LiveEventName } from '../../../common/src/api/live.ts';
import { apiBasePath } from './api.ts';

/** What a page does with each event of the stream (`GET /api/v2/events`, issue 13). */
export type LiveHandlers = { [K in LiveEventName]?: (data: LiveEventData<K>) => void };

/** The event names the stream sends. */
const EVENT_NAMES: readonly LiveEventName[] = ['ready', 'notification', 'notificationCount', 'comment', 'message'];

/** Reconnections tried after the stream was refused or ended, before falling back to polling. */
export const LIVE_MAX_RETRIES = 3;
/** First reconnection delay (doubling each time). */
export const LIVE_RETRY_MS = 2000;
/** While polling instead, the stream is tried again after this long. */
export const LIVE_FALLBACK_MS = 5 * 60_000;

export interface LiveEventsOptions {
  /** A discussion whose new comments the stream should carry. */
  discussionID?: number | null | undefined;
  handlers: LiveHandlers;
  /** The stream gave up for now (the page keeps its polling); called once per fallback. */
  onFallback?: () => void;
  /** Tests pass a fake; default `EventSource`. */
  createEventSource?: (url: string) => EventSource;
}

export interface LiveConnection {
  close(): void;
}

/** The stream's URL; `lastEventID` resumes after an event when the browser cannot send the header. */
export function liveEventsUrl(discussionID: number | null | undefined, lastEventID: string | null): string {
  const query = new URLSearchParams();
  if (discussionID) query.set('discussionID', String(discussionID));
  if (lastEventID) query.set('lastEventID', lastEventID);
  const search = query.toString();
  return `${apiBasePath}/events${search ? `?${search}` : ''}`;
}

/**
 * Opens the live stream. Short drops are the browser's to mend (EventSource reconnects and sends
 * `Last-Event-ID`); when the server refuses or ends the stream, it reconnects itself with
 * `?lastEventID=` (2 s, 4 s, 8 s), then falls back quietly to the page's polling and tries again
 * after five minutes. Without EventSource (server rendering, old browsers) it does nothing.
 */
export function connectLiveEvents(options: LiveEventsOptions): LiveConnection {
  const create =
    options.createEventSource ??
    (typeof EventSource === 'undefined' ? undefined : (url: string) => new EventSource(url, { withCredentials: true }));
  if (!create) return { close: () => {} };
  let source: EventSource | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastEventID: string | null = null;
  let failures = 0;
  let closed = false;

  const open = (): void => {
    if (closed) return;
    const current = create(liveEventsUrl(options.discussionID, lastEventID));
    source = current;
    for (const name of EVENT_NAMES) {
      current.addEventListener(name, (event) => {
        const message = event as MessageEvent<string>;
        if (message.lastEventId) lastEventID = message.lastEventId;
        if (name === 'ready') failures = 0;
        let data: unknown;
        try {
          data = JSON.parse(message.data);
        } catch {
          return;
        }
        (options.handlers[name] as ((value: unknown) => void) | undefined)?.(data);
      });
    }
    current.onerror = () => {
      // CONNECTING: the browser is already reconnecting (with Last-Event-ID).
      if (current.readyState !== current.CLOSED || closed) return;
      failures += 1;
      if (failures > LIVE_MAX_RETRIES) {
        failures = 0;
        options.onFallback?.();
        timer = setTimeout(open, LIVE_FALLBACK_MS);
      } else {
        timer = setTimeout(open, LIVE_RETRY_MS * 2 ** (failures - 1));
      }
    };
  };
  open();
  return {
    close() {
      closed = true;
      clearTimeout(timer);
      source?.close();
    },
  };
}
