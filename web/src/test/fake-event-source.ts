/** A stand-in for the browser's EventSource: tests open streams and send events through it. */
export class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];
  readonly CONNECTING = 0;
  readonly OPEN = 1;
  readonly CLOSED = 2;
  readonly url: string;
  readonly withCredentials: boolean;
  readyState = 1;
  onerror: ((event: Event) => void) | null = null;

  constructor(url: string, init?: { withCredentials?: boolean }) {
    super();
    this.url = url;
    this.withCredentials = init?.withCredentials ?? false;
    FakeEventSource.instances.push(this);
  }

  /** The newest stream opened. */
  static latest(): FakeEventSource {
    const source = FakeEventSource.instances.at(-1);
    if (!source) throw new Error('no EventSource was opened');
    return source;
  }

  /** Delivers one event as the server would send it. */
  emit(name: string, data: unknown, lastEventId = ''): void {
    this.dispatchEvent(new MessageEvent(name, { data: JSON.stringify(data), lastEventId }));
  }

  /** The server refused or ended the stream (the browser will not reconnect by itself). */
  fail(): void {
    this.readyState = this.CLOSED;
    this.onerror?.(new Event('error'));
  }

  close(): void {
    this.readyState = this.CLOSED;
  }
}
