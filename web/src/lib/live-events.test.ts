import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeEventSource } from '../test/fake-event-source.ts';
import { connectLiveEvents, LIVE_FALLBACK_MS, LIVE_MAX_RETRIES, liveEventsUrl } from './live-events.ts';

const create = (url: string) => new FakeEventSource(url) as unknown as EventSource;

describe('connectLiveEvents', () => {
  beforeEach(() => {
    FakeEventSource.instances = [];
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('builds the stream URL with the open discussion and the resume point', () => {
    expect(liveEventsUrl(null, null)).toBe('/api/v2/events');
    expect(liveEventsUrl(12, '4.9')).toBe('/api/v2/events?discussionID=12&lastEventID=4.9');
  });

  it('hands each event’s JSON to its handler and ignores malformed data', () => {
    const counts: number[] = [];
    connectLiveEvents({ discussionID: 3, createEventSource: create, handlers: { notificationCount: (data) => counts.push(data.countUnreadNotifications) } });
    const source = FakeEventSource.latest();
    expect(source.url).toBe('/api/v2/events?discussionID=3');
    source.emit('notificationCount', { countUnreadNotifications: 4 }, '7.0');
    source.dispatchEvent(new MessageEvent('notificationCount', { data: '{oops' }));
    expect(counts).toEqual([4]);
  });

  it('reconnects after a refusal with the last event ID, then falls back quietly and tries again later', () => {
    const onFallback = vi.fn();
    const connection = connectLiveEvents({ createEventSource: create, handlers: {}, onFallback });
    FakeEventSource.latest().emit('ready', { userID: 7, discussionID: null, countUnreadNotifications: 0 }, '5.0');
    FakeEventSource.latest().fail();
    vi.advanceTimersByTime(2000);
    expect(FakeEventSource.instances).toHaveLength(2);
    expect(FakeEventSource.latest().url).toBe('/api/v2/events?lastEventID=5.0');
    for (let attempt = 2; attempt <= LIVE_MAX_RETRIES + 1; attempt += 1) {
      FakeEventSource.latest().fail();
      vi.advanceTimersByTime(2000 * 2 ** (attempt - 1));
    }
    expect(onFallback).toHaveBeenCalledTimes(1);
    const before = FakeEventSource.instances.length;
    vi.advanceTimersByTime(LIVE_FALLBACK_MS);
    expect(FakeEventSource.instances.length).toBe(before + 1);
    connection.close();
    expect(FakeEventSource.latest().readyState).toBe(2);
  });

  it('does nothing without EventSource (server rendering)', () => {
    vi.stubGlobal('EventSource', undefined);
    expect(() => connectLiveEvents({ handlers: {} }).close()).not.toThrow();
    vi.unstubAllGlobals();
  });
});
