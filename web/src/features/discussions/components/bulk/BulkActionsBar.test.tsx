import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { discussionFixture } from '../../../../layout/test-fixtures.ts';
import { jsonResponse, member, permissionSet, renderWithApp } from '../../../../test/render.tsx';
import { DiscussionListWidget } from '../list/DiscussionListWidget.tsx';
import { bulkStorageKey } from './bulk-selection.tsx';

beforeEach(() => {
  window.localStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const tomatoes = discussionFixture({ discussionID: 11, name: 'Growing tomatoes indoors' });
const roses = discussionFixture({ discussionID: 12, name: 'Pruning roses', closed: true });

const moderator = {
  me: member,
  permissions: permissionSet([
    'session.valid',
    'discussions.view',
    'discussions.edit',
    'discussions.delete',
    'discussions.close',
  ]),
};

function renderList(bootstrap = moderator) {
  return renderWithApp(<DiscussionListWidget discussions={[tomatoes, roses]} />, {
    bootstrap,
    route: '/discussions',
  });
}

interface Request {
  method: string;
  url: string;
  body: unknown;
}

function stubFetch(answer: (request: Request) => Response): Request[] {
  const requests: Request[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      const request = { method: init.method ?? 'GET', url, body: init.body };
      requests.push(request);
      return Promise.resolve(answer(request));
    }),
  );
  return requests;
}

function storedSelection(): unknown {
  return JSON.parse(window.localStorage.getItem(bulkStorageKey('/discussions')) ?? 'null');
}

describe('bulk selection in discussion lists (spec 000 §4)', () => {
  it('gives no checkboxes to members without discussions.manage', () => {
    renderList({ me: member, permissions: permissionSet(['session.valid', 'discussions.view']) });
    expect(screen.queryByRole('checkbox', { name: /Select/ })).toBeNull();
  });

  it('shows the selection toast while at least one is checked, and persists the checked IDs', async () => {
    const user = userEvent.setup();
    renderList();
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Select Growing tomatoes indoors' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Pruning roses' }));
    const bar = await screen.findByRole('region', { name: 'Bulk actions' });
    expect(within(bar).getByText('2 selected')).toBeTruthy();
    expect(storedSelection()).toEqual({ checkedIDs: [11, 12], pendingIDs: [] });
    await user.click(screen.getByRole('checkbox', { name: 'Select Pruning roses' }));
    expect(within(bar).getByText('1 selected')).toBeTruthy();
    await user.click(within(bar).getByRole('button', { name: 'Clear' }));
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).toBeNull();
    expect(storedSelection()).toEqual({ checkedIDs: [], pendingIDs: [] });
  });

  it('restores a persisted selection', async () => {
    window.localStorage.setItem(
      bulkStorageKey('/discussions'),
      JSON.stringify({ checkedIDs: [12], pendingIDs: [11] }),
    );
    renderList();
    expect(
      (screen.getByRole('checkbox', { name: 'Select Pruning roses' }) as HTMLInputElement).checked,
    ).toBe(true);
    expect(await screen.findByText('1 selected')).toBeTruthy();
    expect(screen.getByText('Pending')).toBeTruthy();
  });

  it('pre-checks merge and close with the spec messages', async () => {
    const user = userEvent.setup();
    renderList();
    await user.click(screen.getByRole('checkbox', { name: 'Select Pruning roses' }));
    const bar = await screen.findByRole('region', { name: 'Bulk actions' });
    await user.click(within(bar).getByRole('button', { name: 'Merge' }));
    expect(within(bar).getByRole('alert').textContent).toBe(
      'You must select at least 2 discussions to merge.',
    );
    await user.click(within(bar).getByRole('button', { name: 'Close' }));
    expect(within(bar).getByRole('alert').textContent).toBe(
      'Selected discussions are already closed.',
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('names the discussions whose category lacks the permission', async () => {
    const user = userEvent.setup();
    renderList({
      me: member,
      permissions: permissionSet(['session.valid', 'discussions.view', 'discussions.edit']),
    });
    await user.click(screen.getByRole('checkbox', { name: 'Select Growing tomatoes indoors' }));
    const bar = await screen.findByRole('region', { name: 'Bulk actions' });
    await user.click(within(bar).getByRole('button', { name: 'Delete' }));
    const alert = within(bar).getByRole('alert');
    expect(alert.querySelector('p')?.textContent).toBe(
      'You don’t have the delete permission on the following discussions:',
    );
    expect(within(alert).getByRole('listitem').textContent).toBe('Growing tomatoes indoors');
  });

  it('moves through the long runner: successes take the new category, failures are re-checked with the server’s message', async () => {
    const user = userEvent.setup();
    const requests = stubFetch((request) => {
      if (request.url.startsWith('/api/v2/categories/search')) {
        return jsonResponse(200, [
          { categoryID: 8, name: 'Greenhouse', url: 'http://hearth.test/categories/greenhouse', displayAs: 'discussions' },
        ]);
      }
      if (request.url.startsWith('/api/v2/discussions/move')) {
        return jsonResponse(408, {
          progress: { successIDs: [11], failedIDs: [], exceptionsByID: {}, countTotalIDs: 2 },
          callbackPayload: 'signed',
        });
      }
      return jsonResponse(403, {
        progress: {
          successIDs: [],
          failedIDs: [12],
          exceptionsByID: { '12': { message: 'Permission Problem', code: 403 } },
          countTotalIDs: 2,
        },
        callbackPayload: null,
      });
    });
    renderList();
    await user.click(screen.getByRole('checkbox', { name: 'Select Growing tomatoes indoors' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Pruning roses' }));
    await user.click(
      within(await screen.findByRole('region', { name: 'Bulk actions' })).getByRole('button', { name: 'Move' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Move 2 discussions' });
    await user.click(await within(dialog).findByRole('radio', { name: 'Greenhouse' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Leave a redirect link' }));
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));

    await waitFor(() => expect(screen.getByText('Done')).toBeTruthy());
    const move = requests.find((request) => request.url.startsWith('/api/v2/discussions/move'));
    expect(move?.method).toBe('PATCH');
    expect(JSON.parse(String(move?.body))).toEqual({
      discussionIDs: [11, 12],
      categoryID: 8,
      addRedirects: true,
    });
    expect(requests.at(-1)?.url).toBe('/api/v2/calls/run');
    expect(requests.at(-1)?.body).toBe('signed');

    const items = screen.getAllByRole('listitem').filter((node) => node.querySelector('h3'));
    expect(within(items[0] as HTMLElement).getByRole('link', { name: 'Greenhouse' })).toBeTruthy();
    expect(
      (screen.getByRole('checkbox', { name: 'Select Growing tomatoes indoors' }) as HTMLInputElement).checked,
    ).toBe(false);
    expect(
      (screen.getByRole('checkbox', { name: 'Select Pruning roses' }) as HTMLInputElement).checked,
    ).toBe(true);
    expect(within(items[1] as HTMLElement).getByText('Failed')).toBeTruthy();
    expect(within(items[1] as HTMLElement).getByText('Permission Problem')).toBeTruthy();
    expect(await screen.findByText('1 discussion moved.')).toBeTruthy();
    expect(screen.getByText('Some discussions could not be changed:')).toBeTruthy();
    expect(storedSelection()).toEqual({ checkedIDs: [12], pendingIDs: [] });
  });

  it('removes deleted discussions from the list after confirming', async () => {
    const user = userEvent.setup();
    stubFetch(() =>
      jsonResponse(200, {
        progress: { successIDs: [11], failedIDs: [], exceptionsByID: {}, countTotalIDs: 1 },
        callbackPayload: null,
      }),
    );
    renderList();
    await user.click(screen.getByRole('checkbox', { name: 'Select Growing tomatoes indoors' }));
    await user.click(
      within(await screen.findByRole('region', { name: 'Bulk actions' })).getByRole('button', { name: 'Delete' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Delete Discussions' });
    expect(within(dialog).getByText('Are you sure you want to delete 1 discussion forever?')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: 'Growing tomatoes indoors' })).toBeNull(),
    );
    expect(screen.getByRole('link', { name: 'Pruning roses' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).toBeNull();
  });
});
