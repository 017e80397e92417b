import http from 'node:http';

/** One Server-Sent Event as a client reads it; a comment line (heartbeat) has `event` ':'. */
export interface ReceivedEvent {
  id: string | undefined;
  event: string;
  data: string;
}

/** An open `text/event-stream` response read over a real socket (tests of GET /api/v2/events). */
export interface SseClient {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The error body when the server refused the stream. */
  body: string;
  events: ReceivedEvent[];
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  /** Resolves with the next event (from those not yet taken) matching `event`; rejects after 5 s. */
  next(event: string): Promise<ReceivedEvent>;
  close(): void;
}

function parseBlock(block: string): ReceivedEvent | undefined {
  let id: string | undefined;
  let event = 'message';
  const data: string[] = [];
  let comment = false;
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) comment = true;
    else if (line.startsWith('id: ')) id = line.slice(4);
    else if (line.startsWith('event: ')) event = line.slice(7);
    else if (line.startsWith('data: ')) data.push(line.slice(6));
  }
  if (comment && data.length === 0) return { id: undefined, event: ':', data: block.slice(1).trim() };
  if (data.length === 0) return undefined;
  return { id, event, data: data.join('\n') };
}

/** Opens `url` (an absolute http URL) with `headers` and reads its events as they arrive. */
export function openSse(url: string, headers: Record<string, string> = {}): Promise<SseClient> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { accept: 'text/event-stream', ...headers } }, (response) => {
      const events: ReceivedEvent[] = [];
      let taken = 0;
      const waiters: (() => void)[] = [];
      let buffer = '';
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        if (response.statusCode !== 200) {
          body += chunk;
          return;
        }
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const event = parseBlock(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
          if (event) events.push(event);
        }
        for (const wake of waiters.splice(0)) wake();
      });
      const ended = new Promise<void>((resolveEnd) => response.on('end', () => resolveEnd()));
      const client: SseClient = {
        ended,
        status: response.statusCode ?? 0,
        headers: response.headers,
        get body() {
          return body;
        },
        events,
        next(name) {
          return new Promise((resolveNext, rejectNext) => {
            const timer = setTimeout(() => rejectNext(new Error(`no ${name} event within 5 s; got ${JSON.stringify(events.slice(taken))}`)), 5000);
            const look = (): void => {
              while (taken < events.length) {
                const event = events[taken];
                taken += 1;
                if (event?.event === name) {
                  clearTimeout(timer);
                  resolveNext(event);
                  return;
                }
              }
              waiters.push(look);
            };
            look();
          });
        },
        close() {
          request.destroy();
        },
      };
      if (response.statusCode !== 200) response.on('end', () => resolve(client));
      else resolve(client);
    });
    request.on('error', reject);
  });
}
