import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Notification } from '../../../../../common/src/api/notifications.ts';
import { jsonResponse, member, permissionSet, renderWithApp } from '../../../test/render.tsx';
import { stubApi } from '../../admin/test/fetch-router.ts';
import { NotificationsBell } from './NotificationsBell.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

function notification(overrides: Partial<Notification> = {}): Notification {
  return {
    notificationID: 41,
    body: '<b>Ann</b> commented on <b>Tea &amp; cake</b>.',
    photoUrl: null,
    url: 'http://localhost/discussion/comment/9#Comment_9',
    read: false,
    dateInserted: '2026-03-01T12:00:00+00:00',
    dateUpdated: '2026-03-01T12:00:00+00:00',
    activityType: 'NewComment',
    count: 3,
    notifyUsers: [{ userID: 5, name: 'Ann', photoUrl: '' }],
    ...overrides,
  };
}

const bootstrap = {
  me: { ...member, countUnreadNotifications: 2 },
  permissions: permissionSet(['session.valid']),
};

describe('NotificationsBell', { timeout: 20_000 }, () => {
  it('shows the unread count, the latest notifications, and marks all read', async () => {
    let unread = 2;
    let read = false;
    const calls = stubApi({
      'GET /users/me-counts': () => jsonResponse(200, { counts: [{ name: 'UnreadNotifications', count: unread }] }),
      'GET /notifications': () => jsonResponse(200, [notification({ read })]),
      'PATCH /notifications': () => {
        unread = 0;
        read = true;
        return new Response(null, { status: 204 });
      },
    });
    renderWithApp(<NotificationsBell />, { bootstrap });
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    await userEvent.click(bell);
    const item = await screen.findByRole('link', { name: /Ann commented on Tea & cake\./ });
    expect(item.textContent).toContain('and 2 more');
    expect(item.getAttribute('href')).toBe('/discussion/comment/9#Comment_9');
    expect(within(item).getByText('Unread')).toBeDefined();
    await userEvent.click(screen.getByRole('button', { name: 'Mark All Read' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Notifications' })).toBeDefined());
    await waitFor(() => expect(within(screen.getByRole('link', { name: /Ann commented/ })).queryByText('Unread')).toBeNull());
    expect(calls.filter((call) => call.method === 'PATCH').map((call) => [call.path, call.body])).toEqual([
      ['/notifications', { read: true }],
    ]);
  });

  it('closes with Escape and gives focus back to the bell', async () => {
    stubApi({
      'GET /users/me-counts': () => jsonResponse(200, { counts: [{ name: 'UnreadNotifications', count: 0 }] }),
      'GET /notifications': () => jsonResponse(200, []),
    });
    renderWithApp(<NotificationsBell />, { bootstrap });
    const bell = await screen.findByRole('button', { name: 'Notifications' });
    await userEvent.click(bell);
    expect(await screen.findByText('You have no notifications yet.')).toBeDefined();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByText('You have no notifications yet.')).toBeNull();
    expect(document.activeElement).toBe(bell);
  });
});
