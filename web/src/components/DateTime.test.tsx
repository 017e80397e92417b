import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DateTime } from './DateTime.tsx';

afterEach(() => {
  vi.useRealTimers();
});

describe('DateTime', () => {
  it("starts at 'just now' and refreshes every 30 s", () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2025-06-15T12:00:00Z'));
    render(<DateTime date="2025-06-15T11:59:58Z" />);
    const time = screen.getByText('just now');
    expect(time.tagName).toBe('TIME');
    expect(time.getAttribute('datetime')).toBe('2025-06-15T11:59:58.000Z');
    act(() => {
      vi.advanceTimersByTime(30_000);
    });
    expect(screen.getByText('32 seconds ago')).toBeDefined();
    act(() => {
      vi.advanceTimersByTime(30_000);
    });
    expect(screen.getByText('1 minute ago')).toBeDefined();
  });
});
