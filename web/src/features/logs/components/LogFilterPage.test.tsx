import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LogEntry } from '../../../../../common/src/api/logs.ts';
import { jsonResponse, member, permissionSet, renderWithApp } from '../../../test/render.tsx';
import { stubApi } from '../../admin/test/fetch-router.ts';
import { LogFilterPage } from './LogFilterPage.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const moderator = { ...member, userID: 3, name: 'mod' };
const user = (userID: number, name: string) => ({ userID, name, photoUrl: '/avatar.svg' });

function entry(overrides: Partial<LogEntry>): LogEntry {
  return {
    logID: 1,
    operation: 'edit',
    recordType: 'discussion',
    recordID: 10,
    recordUserID: 4,
    recordUser: user(4, 'ann'),
    recordDate: '2026-03-01T12:00:00+00:00',
    parentRecordID: null,
    categoryID: 1,
    insertUserID: 4,
    insertUser: user(4, 'ann'),
    dateInserted: '2026-03-02T12:00:00+00:00',
    data: { name: 'Old title', bodyPlainText: 'the quick fox' },
    ...overrides,
  };
}

describe('LogFilterPage', { timeout: 20_000 }, () => {
  it('shows each earlier version against the next one and restores a version', async () => {
    const entries = [
      entry({ logID: 2, data: { name: 'Middle title', bodyPlainText: 'the slow fox' }, dateInserted: '2026-03-03T12:00:00+00:00' }),
      entry({ logID: 1 }),
    ];
    const calls = stubApi({
      'GET /logs': () => jsonResponse(200, entries),
      'GET /discussions/10': () => jsonResponse(200, { discussionID: 10, name: 'New title', body: '<p>the fast fox</p>' }),
      'POST /logs/1/restore': () => jsonResponse(200, { discussionID: 10, name: 'Old title' }),
    });
    const actor = userEvent.setup({ delay: null });
    renderWithApp(<LogFilterPage />, {
      route: '/log/filter?recordType=discussion&recordID=10',
      bootstrap: { me: moderator, permissions: permissionSet(['session.valid', 'community.moderate']) },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Revision History' })).toBeDefined();
    expect((await screen.findAllByText('quick'))[0]?.tagName).toBe('DEL');
    // The newest version against the live discussion, each earlier one against the next.
    expect((await screen.findByText('fast')).tagName).toBe('INS');
    expect(screen.getAllByText('slow').map((element) => element.tagName)).toEqual(['DEL', 'INS']);
    const list = calls.find((call) => call.path === '/logs');
    expect(list?.search.get('recordType')).toBe('discussion');
    expect(list?.search.get('recordID')).toBe('10');

    await actor.click(screen.getByRole('button', { name: 'Restore version 1' }));
    expect(await screen.findByText('Restored.')).toBeDefined();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual(['/logs/1/restore']);
  });

  it('lists deleted comments with a restore action', async () => {
    stubApi({
      'GET /logs': () =>
        jsonResponse(200, [entry({ logID: 5, operation: 'delete', recordType: 'comment', recordID: 77, parentRecordID: 10, data: { bodyPlainText: 'A removed comment' } })]),
    });
    renderWithApp(<LogFilterPage />, {
      route: '/log/filter?parentRecordID=10&recordType=comment&operation=delete',
      bootstrap: { me: moderator, permissions: permissionSet(['session.valid', 'community.moderate']) },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Deleted Comments' })).toBeDefined();
    expect(await screen.findByText('A removed comment')).toBeDefined();
    expect(screen.getByRole('link', { name: 'Revision History' }).getAttribute('href')).toBe(
      '/log/filter?recordType=discussion&recordID=10',
    );
    expect(screen.getByRole('button', { name: 'Restore version 5' })).toBeDefined();
  });

  it('answers the permission page when the server refuses', async () => {
    stubApi({
      'GET /logs': () => jsonResponse(403, { message: 'Permission Problem', status: 403, permissions: ['community.moderate'] }),
    });
    renderWithApp(<LogFilterPage />, {
      route: '/log/filter?recordType=discussion&recordID=10',
      bootstrap: { me: member, permissions: permissionSet(['session.valid']) },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Permission Problem' })).toBeDefined();
  });
});
