import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDebounced } from './use-debounced.ts';

describe('useDebounced', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps the first value, then takes the latest once it has been still for the delay', () => {
    const { result, rerender } = renderHook(({ value }) => useDebounced(value, 100), {
      initialProps: { value: 'a' },
    });
    expect(result.current).toBe('a');
    rerender({ value: 'ab' });
    act(() => {
      vi.advanceTimersByTime(60);
    });
    rerender({ value: 'abc' });
    act(() => {
      vi.advanceTimersByTime(60);
    });
    expect(result.current).toBe('a');
    act(() => {
      vi.advanceTimersByTime(40);
    });
    expect(result.current).toBe('abc');
  });
});
