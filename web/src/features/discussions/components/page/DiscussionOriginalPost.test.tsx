import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, member, permissionSet, renderWithApp } from '../../../../test/render.tsx';
import { DiscussionOriginalPost } from './DiscussionOriginalPost.tsx';
import { discussionFixture } from './test-fixtures.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const signedIn = { me: member, permissions: permissionSet(['session.valid']) };

describe('DiscussionOriginalPost', () => {
  it('shows the title, author, category and the rendered body', () => {
    renderWithApp(
      <DiscussionOriginalPost discussion={discussionFixture({ closed: true, pinned: true })} />,
    );
    expect(
      screen.getByRole('heading', { level: 1, name: 'Kindling a fire in the rain' }),
    ).toBeDefined();
    expect(screen.getByRole('link', { name: 'ember' }).getAttribute('href')).toBe('/profile/ember');
    expect(screen.getByRole('link', { name: 'Campcraft' }).getAttribute('href')).toBe(
      '/categories/campcraft',
    );
    expect(screen.getByText('everything').tagName).toBe('STRONG');
    expect(screen.getByText('Closed')).toBeDefined();
    expect(screen.getByText('Announcement')).toBeDefined();
    // Guests get no bookmark toggle.
    expect(screen.queryByRole('button', { name: 'Bookmark' })).toBeNull();
  });

  it('bookmarks at once and reverts with the spec message when the server fails (spec 001 §8.3)', async () => {
    let fail: (response: Response) => void = () => undefined;
    const fetchMock = vi.fn(
      (_url: string, _init?: RequestInit) => new Promise<Response>((resolve) => (fail = resolve)),
    );
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderWithApp(<DiscussionOriginalPost discussion={discussionFixture({ insertUserID: 99 })} />, {
      bootstrap: signedIn,
    });
    const bookmark = screen.getByRole('button', { name: 'Bookmark' });
    expect(bookmark.getAttribute('aria-pressed')).toBe('false');
    await user.click(bookmark);
    await waitFor(() => expect(bookmark.getAttribute('aria-pressed')).toBe('true'));
    expect(bookmark.getAttribute('data-state')).toBe('bookmarking');
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/v2/discussions/12/bookmark');
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toEqual({ bookmarked: true });
    fail(jsonResponse(500, { message: 'Database unavailable', status: 500 }));
    expect(
      await screen.findByText('There was a problem bookmarking this discussion.'),
    ).toBeDefined();
    await waitFor(() => expect(bookmark.getAttribute('aria-pressed')).toBe('false'));
    expect(bookmark.getAttribute('data-state')).toBe('normal');
  });

  it('shows the edit link with the time left to its author only', () => {
    const justNow = new Date(Date.now() - 50 * 60 * 1000).toISOString();
    renderWithApp(
      <DiscussionOriginalPost discussion={discussionFixture({ dateInserted: justNow })} />,
      {
        bootstrap: { ...signedIn, config: { 'ui.editContentTimeout': 3600 } },
      },
    );
    const edit = screen.getByRole('link', { name: /Edit/ });
    expect(edit.getAttribute('href')).toBe('/post/editdiscussion/12');
    expect(edit.textContent).toContain('10 minutes left');
  });

  it('hides the edit link once the edit window has passed', () => {
    const longAgo = new Date(Date.now() - 2 * 3600 * 1000).toISOString();
    renderWithApp(
      <DiscussionOriginalPost discussion={discussionFixture({ dateInserted: longAgo })} />,
      {
        bootstrap: { ...signedIn, config: { 'ui.editContentTimeout': 3600 } },
      },
    );
    expect(screen.queryByRole('link', { name: /Edit/ })).toBeNull();
  });

  it('copies a share link with utm_source=community-share', async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    renderWithApp(<DiscussionOriginalPost discussion={discussionFixture()} />);
    await user.click(screen.getByRole('button', { name: 'Copy Link' }));
    expect(writeText).toHaveBeenCalledWith(
      'https://forum.example/discussion/12/kindling-a-fire-in-the-rain?utm_source=community-share',
    );
    expect(await screen.findByText('Link copied to clipboard.')).toBeDefined();
  });
});
