import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { member, renderWithApp } from '../../test/render.tsx';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import {
  ErrorPageForError,
  GenericErrorPage,
  NotFoundPage,
  PermissionErrorPage,
} from './ErrorPage.tsx';

describe('error pages (spec 001 §8.2)', () => {
  it('404: the page could not be found, with Back to home page', () => {
    renderWithApp(<NotFoundPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeDefined();
    expect(screen.getByText('The page you were looking for could not be found.')).toBeDefined();
    expect(screen.getByRole('link', { name: 'Back to home page' }).getAttribute('href')).toBe('/');
  });

  it("'{type} Not Found' for a record type", () => {
    renderWithApp(<NotFoundPage type="Discussion" />);
    expect(screen.getByRole('heading', { name: 'Discussion Not Found' })).toBeDefined();
    expect(
      screen.getByText('The discussion you were looking for could not be found.'),
    ).toBeDefined();
  });

  it('403 for a guest: Permission Problem with a Sign In link carrying Target', () => {
    renderWithApp(<PermissionErrorPage />, { route: '/discussion/5' });
    expect(screen.getByRole('heading', { name: 'Permission Problem' })).toBeDefined();
    expect(screen.getByText("You don't have permission to view this resource.")).toBeDefined();
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe(
      `/entry/signin?Target=${encodeURIComponent('/discussion/5')}`,
    );
  });

  it('403 for a member: no Sign In link', () => {
    renderWithApp(<PermissionErrorPage />, { bootstrap: { me: member } });
    expect(screen.getByText("You don't have permission to view this resource.")).toBeDefined();
    expect(screen.queryByRole('link', { name: 'Sign In' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toBeDefined();
  });

  it('generic: There was an error / Please try again later. with Back to Home', () => {
    renderWithApp(<GenericErrorPage />);
    expect(screen.getByRole('heading', { name: 'There was an error' })).toBeDefined();
    expect(screen.getByText('Please try again later.')).toBeDefined();
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
  });

  it('picks the page from an API error; message as title and description as body when both exist', () => {
    const { unmount } = renderWithApp(
      <ErrorPageForError
        error={new ApiError('Discussion not found.', { status: 404 })}
        recordType="Discussion"
      />,
    );
    expect(screen.getByRole('heading', { name: 'Discussion Not Found' })).toBeDefined();
    unmount();
    // A category page past its last page: the category exists, the page does not.
    const pastEnd = renderWithApp(
      <ErrorPageForError error={new ApiError('Page not found.', { status: 404 })} recordType="Category" />,
    );
    expect(screen.getByRole('heading', { name: 'Page Not Found' })).toBeDefined();
    pastEnd.unmount();
    renderWithApp(
      <ErrorPageForError
        error={
          new ApiError('Discussion has been deleted.', {
            status: 410,
            description: 'It was removed by a moderator.',
          })
        }
      />,
    );
    expect(screen.getByRole('heading', { name: 'Discussion has been deleted.' })).toBeDefined();
    expect(screen.getByText('It was removed by a moderator.')).toBeDefined();
  });
});

function Crash(): never {
  throw new Error('boom');
}

function CrashOnClick() {
  const [isBroken, setIsBroken] = useState(false);
  return isBroken ? (
    <Crash />
  ) : (
    <button type="button" onClick={() => setIsBroken(true)}>
      Break
    </button>
  );
}

describe('ErrorBoundary (spec 000 §4)', () => {
  it('shows the message with Reload and Cancel; Cancel dismisses it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const onCancel = vi.fn();
    const user = userEvent.setup();
    renderWithApp(
      <ErrorBoundary onCancel={onCancel}>
        <CrashOnClick />
      </ErrorBoundary>,
    );
    await user.click(screen.getByRole('button', { name: 'Break' }));
    const alert = within(screen.getByRole('alert'));
    expect(alert.getByRole('heading', { name: 'There was an error' })).toBeDefined();
    expect(alert.getByText('Please try again later.')).toBeDefined();
    expect(alert.getByRole('button', { name: 'Reload' })).toBeDefined();
    expect(alert.queryByText('boom')).toBeNull();
    await user.click(alert.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onCancel).toHaveBeenCalledOnce();
  });

  it('shows the error details only in debug mode', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderWithApp(
      <ErrorBoundary isDebug>
        <Crash />
      </ErrorBoundary>,
    );
    expect(screen.getByText(/boom/)).toBeDefined();
  });
});
