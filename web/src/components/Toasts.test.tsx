import { act, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../test/render.tsx';
import { ApiError } from '../lib/api.ts';
import { useErrorToast, useToasts, type ToastOptions } from './toast-context.tsx';

const captured: {
  addToast: (options: ToastOptions) => string;
  showError: (error?: unknown) => string;
} = { addToast: () => '', showError: () => '' };

function Probe() {
  const { addToast } = useToasts();
  const showError = useErrorToast();
  useEffect(() => {
    captured.addToast = addToast;
    captured.showError = showError;
  }, [addToast, showError]);
  return null;
}

function addToast(options: ToastOptions): string {
  return captured.addToast(options);
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('toasts (spec 000 §4, spec 001 §9)', () => {
  it('auto-dismisses after 3000 ms by default, then deletes 2000 ms later', () => {
    renderWithApp(<Probe />);
    act(() => {
      addToast({ body: 'Link copied to clipboard.', autoDismiss: true });
    });
    expect(screen.getByRole('status').textContent).toContain('Link copied to clipboard.');
    act(() => {
      vi.advanceTimersByTime(2999);
    });
    expect(screen.getByRole('status').getAttribute('aria-hidden')).toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    // Hidden first (for the exit animation), deleted after the removal delay.
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByText('Link copied to clipboard.')).toBeDefined();
    act(() => {
      vi.advanceTimersByTime(1999);
    });
    expect(screen.getByText('Link copied to clipboard.')).toBeDefined();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByText('Link copied to clipboard.')).toBeNull();
  });

  it('honours a custom duration', () => {
    renderWithApp(<Probe />);
    act(() => {
      addToast({ body: 'Saved', autoDismiss: true, autoDismissDuration: 500 });
    });
    act(() => {
      vi.advanceTimersByTime(500);
    });
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('keeps persistent and non-auto-dismissing toasts until dismissed', () => {
    renderWithApp(<Probe />);
    act(() => {
      addToast({
        body: 'Your email address is not confirmed.',
        persistent: true,
        autoDismiss: true,
      });
      addToast({ body: 'Something has gone wrong.' });
    });
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(screen.getAllByRole('status')).toHaveLength(2);
    const [first] = screen.getAllByRole('button', { name: 'Dismiss' });
    act(() => {
      first?.click();
    });
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    expect(screen.queryByText('Your email address is not confirmed.')).toBeNull();
    expect(screen.getByText('Something has gone wrong.')).toBeDefined();
  });

  it('replaces a toast added again with the same ID and has no Dismiss when not dismissible', () => {
    renderWithApp(<Probe />);
    act(() => {
      addToast({ toastID: 'draft', body: 'Saving…', dismissible: false });
      addToast({
        toastID: 'draft',
        body: 'Saved Draft Available.',
        dismissible: false,
        wide: true,
      });
    });
    expect(screen.getAllByRole('status')).toHaveLength(1);
    expect(screen.getByText('Saved Draft Available.')).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Dismiss' })).toBeNull();
  });

  it("shows errors as dismissible toasts, 'Something has gone wrong.' by default", () => {
    renderWithApp(<Probe />);
    act(() => {
      captured.showError(new Error('internal detail'));
      captured.showError(
        new ApiError('Bump failed', { status: 400, description: 'The post is closed.' }),
      );
    });
    expect(screen.getByText('Something has gone wrong.')).toBeDefined();
    expect(screen.queryByText('internal detail')).toBeNull();
    expect(screen.getByText('The post is closed.')).toBeDefined();
    expect(screen.getAllByRole('button', { name: 'Dismiss' })).toHaveLength(2);
  });
});
