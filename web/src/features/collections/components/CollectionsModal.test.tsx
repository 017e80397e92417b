import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, member, permissionSet, renderWithApp } from '../../../test/render.tsx';
import { stubApi } from '../../admin/test/fetch-router.ts';
import { CollectionsModal } from './CollectionsModal.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const summary = (collectionID: number, name: string) => ({
  collectionID,
  name,
  insertUserID: 1,
  updateUserID: null,
  dateInserted: '2026-01-01T00:00:00+00:00',
  dateUpdated: null,
});

describe('CollectionsModal', { timeout: 20_000 }, () => {
  it('checks the collections holding the discussion; Save puts the checked ones and a new one', async () => {
    const onClose = vi.fn();
    const calls = stubApi({
      'GET /collections': () =>
        jsonResponse(200, [
          { ...summary(1, 'Staff picks'), records: [] },
          { ...summary(2, 'Weekly'), records: [] },
        ]),
      'GET /collections/by-resource': () => jsonResponse(200, [summary(2, 'Weekly')]),
      'POST /collections': () => jsonResponse(201, { ...summary(3, 'Gardening'), records: [] }),
      'PUT /collections/by-resource': () =>
        jsonResponse(200, [summary(1, 'Staff picks'), summary(3, 'Gardening')]),
    });
    renderWithApp(
      <CollectionsModal record={{ recordType: 'discussion', recordID: 42 }} onClose={onClose} />,
      {
        bootstrap: { me: member, permissions: permissionSet(['community.manage']) },
      },
    );
    const staff = await screen.findByRole('checkbox', { name: 'Staff picks' });
    const weekly = screen.getByRole('checkbox', { name: 'Weekly' });
    expect((staff as HTMLInputElement).checked).toBe(false);
    expect((weekly as HTMLInputElement).checked).toBe(true);
    await userEvent.click(staff);
    await userEvent.click(weekly);
    await userEvent.type(screen.getByLabelText('New collection'), 'Gardening');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.body).toEqual({
      name: 'Gardening',
      records: [{ recordType: 'discussion', recordID: 42 }],
    });
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.body).toEqual({
      record: { recordType: 'discussion', recordID: 42 },
      collectionIDs: [1, 3],
    });
    expect(
      calls
        .find((call) => call.path === '/collections/by-resource' && call.method === 'GET')
        ?.search.get('recordID'),
    ).toBe('42');
  });
});
