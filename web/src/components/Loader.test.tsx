import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Loader } from './Loader.tsx';

afterEach(() => {
  vi.useRealTimers();
});

describe('Loader (spec 000 §4: shown only after 150 ms)', () => {
  it('stays invisible for quick loads', () => {
    vi.useFakeTimers();
    render(<Loader />);
    act(() => {
      vi.advanceTimersByTime(149);
    });
    expect(screen.queryByRole('status')).toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.getByRole('status').textContent).toBe('Loading');
  });
});
