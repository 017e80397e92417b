import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Notification } from '../../../../../common/src/api/notifications.ts';
import { jsonResponse, member, permissionSet, renderWithApp } from '../../../test/render.tsx';
import { stubApi } from '../../admin/test/fetch-router.ts';
import { NotificationsPage } from './NotificationsPage.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

function notification(notificationID: number): Notification {
  return {
    notificationID,
    body: `<b>Ann</b> mentioned you in <b>Topic ${String(notificationID)}</b>.`,
    photoUrl: null,
    url: `http://localhost/discussion/comment/${String(notificationID)}`,
    read: true,
    dateInserted: '2026-03-01T12:00:00+00:00',
    dateUpdated: '2026-03-01T12:00:00+00:00',
    count: 1,
  };
}

describe('NotificationsPage', { timeout: 20_000 }, () => {
  it('shows a page of notifications with a more pager', async () => {
    const calls = stubApi({
      'GET /notifications': (call) =>
        jsonResponse(
          200,
          Array.from({ length: 30 }, (_, index) => notification(100 - index)),
          call.search.get('page') === '2' ? { 'x-app-page-next-url': 'http://localhost/api/v2/notifications?page=3' } : {},
        ),
    });
    renderWithApp(<NotificationsPage />, {
      route: '/profile/notifications/p2',
      path: '/profile/notifications/:page',
      bootstrap: { me: member, permissions: permissionSet(['session.valid']) },
    });
    expect(await screen.findByRole('link', { name: /Ann mentioned you in Topic 100\./ })).toBeDefined();
    expect(screen.getByRole('heading', { level: 1, name: 'Notifications' })).toBeDefined();
    expect(calls[0]?.search.get('page')).toBe('2');
    expect(screen.getByRole('link', { name: /Next/ }).getAttribute('href')).toBe('/profile/notifications/p3');
    expect(screen.getByRole('link', { name: /Previous/ }).getAttribute('href')).toBe('/profile/notifications');
  });
});
