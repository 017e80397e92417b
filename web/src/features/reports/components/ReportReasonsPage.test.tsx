import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReportReason } from '../../../../../common/src/api/reports.ts';
import { jsonResponse, member, permissionSet, renderWithApp } from '../../../test/render.tsx';
import { stubApi } from '../../admin/test/fetch-router.ts';
import { ReportReasonsPage } from './ReportReasonsPage.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

function reason(
  reportReasonID: string,
  name: string,
  sort: number,
  extra: Partial<ReportReason> = {},
): ReportReason {
  return {
    reportReasonID,
    name,
    description: `${name} description`,
    sort,
    deleted: false,
    isSystem: false,
    roleIDs: null,
    roles: null,
    dateInserted: '2026-01-01T00:00:00+00:00',
    insertUserID: 1,
    dateUpdated: null,
    updateUserID: null,
    countReports: 0,
    ...extra,
  };
}

const reasons = [
  reason('spam', 'Spam / Solicitation', 0, { countReports: 3 }),
  reason('abuse', 'Abuse', 1, { roleIDs: [8], roles: [{ roleID: 8, name: 'Member' }] }),
  reason('rule-breaking', 'Breaks Community Rules', 2),
];
const roles = [
  { roleID: 2, name: 'Guest', description: null },
  { roleID: 8, name: 'Member', description: null },
];

function renderPage(permissions: string[]) {
  return renderWithApp(<ReportReasonsPage />, {
    route: '/dashboard/content/report-reasons',
    path: '/dashboard/content/report-reasons',
    bootstrap: {
      me: { ...member, name: 'mod' },
      permissions: permissionSet(['session.valid', 'flag.add', ...permissions]),
    },
  });
}

function names(): string[] {
  const list = screen.getByRole('list', { name: 'Report reasons' });
  return within(list)
    .getAllByRole('listitem')
    .map((item) => item.querySelector('p')?.firstChild?.textContent ?? '');
}

describe('ReportReasonsPage', { timeout: 20_000 }, () => {
  it('lists the reasons in order with who may use them; site.manage moves one down with PUT /report-reasons/sorts', async () => {
    let stored = reasons;
    const calls = stubApi({
      'GET /report-reasons': () => jsonResponse(200, stored),
      'GET /roles': () => jsonResponse(200, roles),
      'PUT /report-reasons/sorts': (call) => {
        const sorts = call.body as Record<string, number>;
        stored = stored
          .map((item) => ({ ...item, sort: sorts[item.reportReasonID] ?? item.sort }))
          .sort((a, b) => a.sort - b.sort);
        return new Response(null, { status: 204 });
      },
    });
    const user = userEvent.setup({ delay: null });
    renderPage(['community.moderate', 'site.manage']);
    await screen.findByRole('list', { name: 'Report reasons' });
    expect(names()).toEqual(['Spam / Solicitation', 'Abuse', 'Breaks Community Rules']);
    expect(screen.getByText(/3 reports/)).toBeDefined();
    expect(screen.getAllByText(/^Everyone who may report/)).toHaveLength(2);
    expect(
      (screen.getByRole('button', { name: 'Move Spam / Solicitation up' }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Move Spam / Solicitation down' }));
    await waitFor(() =>
      expect(names()).toEqual(['Abuse', 'Spam / Solicitation', 'Breaks Community Rules']),
    );
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.body).toEqual({ abuse: 0, spam: 1, 'rule-breaking': 2 });
  });

  it('without site.manage there is no reordering', async () => {
    stubApi({
      'GET /report-reasons': () => jsonResponse(200, reasons),
      'GET /roles': () => jsonResponse(200, roles),
    });
    renderPage(['community.moderate']);
    await screen.findByRole('list', { name: 'Report reasons' });
    expect(screen.queryByRole('button', { name: /^Move / })).toBeNull();
    expect(
      screen.getByText('You need the site.manage permission to change the order of the reasons.'),
    ).toBeDefined();
  });

  it('adds a reason open to one role, its API name suggested from the name', async () => {
    const calls = stubApi({
      'GET /report-reasons': () => jsonResponse(200, reasons),
      'GET /roles': () => jsonResponse(200, roles),
      'POST /report-reasons': () => jsonResponse(201, reason('off-topic', 'Off Topic', 3)),
    });
    const user = userEvent.setup({ delay: null });
    renderPage(['community.moderate']);
    await user.click(await screen.findByRole('button', { name: 'Add Reason' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Reason' });
    await user.type(within(dialog).getByLabelText(/^Name/), 'Off Topic!');
    expect((within(dialog).getByLabelText(/^API name/) as HTMLInputElement).value).toBe(
      'off-topic',
    );
    await user.type(within(dialog).getByLabelText(/^Description/), 'Not about this community.');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Member' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The reason Off Topic has been added.')).toBeDefined();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      reportReasonID: 'off-topic',
      name: 'Off Topic!',
      description: 'Not about this community.',
      roleIDs: [8],
    });
  });

  it('shows the 409 of a taken API name in the dialog', async () => {
    stubApi({
      'GET /report-reasons': () => jsonResponse(200, reasons),
      'GET /roles': () => jsonResponse(200, roles),
      'POST /report-reasons': () =>
        jsonResponse(409, { message: 'A reason with this API name already exists.', status: 409 }),
    });
    const user = userEvent.setup({ delay: null });
    renderPage(['community.moderate']);
    await user.click(await screen.findByRole('button', { name: 'Add Reason' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Reason' });
    await user.type(within(dialog).getByLabelText(/^Name/), 'Spam');
    await user.type(within(dialog).getByLabelText(/^Description/), 'Again.');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('A reason with this API name already exists.'),
    ).toBeDefined();
  });

  it('edits a reason’s roles and deletes another after confirming', async () => {
    const calls = stubApi({
      'GET /report-reasons': () => jsonResponse(200, reasons),
      'GET /roles': () => jsonResponse(200, roles),
      'PATCH /report-reasons/abuse': () => jsonResponse(200, reasons[1]),
      'DELETE /report-reasons/rule-breaking': () => new Response(null, { status: 204 }),
    });
    const user = userEvent.setup({ delay: null });
    renderPage(['community.moderate']);
    await user.click(await screen.findByRole('button', { name: 'Edit Abuse' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Abuse' });
    expect((within(dialog).getByLabelText(/^API name/) as HTMLInputElement).readOnly).toBe(true);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Member' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your changes have been saved.')).toBeDefined();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({
      name: 'Abuse',
      description: 'Abuse description',
      roleIDs: [],
    });

    await user.click(screen.getByRole('button', { name: 'Delete Breaks Community Rules' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Breaks Community Rules' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText('The reason Breaks Community Rules has been deleted.'),
    ).toBeDefined();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      '/report-reasons/rule-breaking',
    ]);
  });
});
