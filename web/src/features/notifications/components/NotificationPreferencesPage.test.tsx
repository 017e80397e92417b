import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NotificationPreferencesSchema } from '../../../../../common/src/api/notifications.ts';
import { jsonResponse, member, permissionSet, renderWithApp } from '../../../test/render.tsx';
import { stubApi } from '../../admin/test/fetch-router.ts';
import { NotificationPreferencesPage } from './NotificationPreferencesPage.tsx';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const schema: NotificationPreferencesSchema = {
  type: 'object',
  properties: {
    notifications: {
      type: 'object',
      properties: {
        myActivity: {
          type: 'object',
          'x-control': { label: 'My activity' },
          properties: {
            Mention: {
              type: 'object',
              'x-control': { label: 'Mentions', description: 'Someone @-mentions you.' },
              properties: { popup: { type: 'boolean', default: true } },
            },
          },
        },
      },
    },
  },
};

describe('NotificationPreferencesPage', { timeout: 20_000 }, () => {
  it('draws the table from the schema and saves a change', async () => {
    const calls = stubApi({
      'GET /notification-preferences/schema': () => jsonResponse(200, schema),
      'GET /notification-preferences/$me': () => jsonResponse(200, { Mention: { popup: true } }),
      'PATCH /notification-preferences/$me': () => jsonResponse(200, { Mention: { popup: false } }),
    });
    renderWithApp(<NotificationPreferencesPage />, {
      bootstrap: { me: member, permissions: permissionSet(['session.valid']) },
    });
    expect(await screen.findByRole('table', { name: 'My activity' })).toBeDefined();
    expect(screen.queryByRole('columnheader', { name: 'Email' })).toBeNull();
    const box = screen.getByRole('checkbox', { name: 'Mentions: Notification popup' });
    expect((box as HTMLInputElement).checked).toBe(true);
    await userEvent.click(box);
    await waitFor(() => expect((box as HTMLInputElement).checked).toBe(false));
    expect(calls.filter((call) => call.method === 'PATCH').map((call) => call.body)).toEqual([{ Mention: { popup: false } }]);
  });

  it('sends changes made within 1250 ms of a save together, once the interval ends', async () => {
    let saved: Record<string, unknown> = { Mention: { popup: true } };
    const calls = stubApi({
      'GET /notification-preferences/schema': () => jsonResponse(200, schema),
      'GET /notification-preferences/$me': () => jsonResponse(200, saved),
      'PATCH /notification-preferences/$me': (call) => {
        saved = { Mention: { ...(saved.Mention as object), ...((call.body as { Mention: object }).Mention) } };
        return jsonResponse(200, saved);
      },
    });
    renderWithApp(<NotificationPreferencesPage />, {
      bootstrap: { me: member, permissions: permissionSet(['session.valid']) },
    });
    const box = await screen.findByRole('checkbox', { name: 'Mentions: Notification popup' });
    // The test's clock: the 1250 ms interval passes when the test says so, not by waiting.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    await user.click(box);
    await user.click(box);
    expect((box as HTMLInputElement).checked).toBe(true);
    const patches = () => calls.filter((call) => call.method === 'PATCH').map((call) => call.body);
    await waitFor(() => expect(patches()).toEqual([{ Mention: { popup: false } }]));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(patches()).toEqual([{ Mention: { popup: false } }]);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(300);
    });
    await waitFor(() => expect(patches()).toEqual([{ Mention: { popup: false } }, { Mention: { popup: true } }]));
  });

  it('asks guests to sign in (permission page)', () => {
    const calls = stubApi({});
    renderWithApp(<NotificationPreferencesPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Permission Problem' })).toBeDefined();
    expect(calls.filter((call) => call.path.startsWith('/notification-preferences'))).toEqual([]);
  });
});
