import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, member, permissionSet, renderWithApp } from '../../../test/render.tsx';
import { stubApi } from '../../admin/test/fetch-router.ts';
import { admin, roles } from '../test/role-fixtures.ts';
import { RolesPage } from './RolesPage.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const memberCounts: Record<string, number> = { '2': 0, '8': 41, '12': 1 };

function usersByRole(call: { search: URLSearchParams }) {
  return jsonResponse(200, [], {
    'x-app-page-result-count': String(memberCounts[call.search.get('roleIDs') ?? ''] ?? 0),
  });
}

function renderPage(permissions = ['session.valid', 'site.manage']) {
  return renderWithApp(<RolesPage />, {
    route: '/dashboard/roles',
    path: '/dashboard/roles',
    bootstrap: { me: admin, permissions: permissionSet(permissions) },
  });
}

describe('RolesPage', { timeout: 20_000 }, () => {
  it('lists each role with its description, type and member count', async () => {
    const calls = stubApi({
      'GET /roles': () => jsonResponse(200, roles),
      'GET /users': usersByRole,
    });
    renderPage();
    const table = await screen.findByRole('table', { name: 'Roles' });
    const helpers = within(table).getByRole('row', { name: /Helpers/ });
    expect(within(helpers).getByText('People who answer questions.')).toBeDefined();
    expect(await within(helpers).findByRole('link', { name: '1 user' })).toBeDefined();
    const memberRow = within(table).getByRole('row', { name: /^Member/ });
    expect(within(memberRow).getByText('Member', { selector: 'td' })).toBeDefined();
    const count = await within(memberRow).findByRole('link', { name: '41 users' });
    expect(count.getAttribute('href')).toBe('/dashboard/users?roleID=8');
    // Built-in roles cannot be deleted: no button for them.
    expect(within(memberRow).queryByRole('button', { name: 'Delete Member' })).toBeNull();
    expect(calls.find((call) => call.path === '/roles')?.search.get('expand')).toBeNull();
    expect(screen.getByRole('link', { name: 'New Role' }).getAttribute('href')).toBe(
      '/dashboard/roles/add',
    );
  });

  it('deletes a role after the confirmation that names its member count', async () => {
    const calls = stubApi({
      'GET /roles': () => jsonResponse(200, roles),
      'GET /users': usersByRole,
      'DELETE /roles/12': () => new Response(null, { status: 204 }),
    });
    const user = userEvent.setup({ delay: null });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Delete Helpers' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Helpers' });
    expect(
      await within(dialog).findByText(/1 user hold it; they lose it and its permissions\./),
    ).toBeDefined();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('The role Helpers has been deleted.')).toBeDefined();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      '/roles/12',
    ]);
  });

  it('saves the default roles of new members and guests as role types', async () => {
    const calls = stubApi({
      'GET /roles': () => jsonResponse(200, roles),
      'GET /users': usersByRole,
      'PATCH /roles/12': () => jsonResponse(200, { ...roles[2], type: 'member' }),
    });
    const user = userEvent.setup({ delay: null });
    renderPage();
    const members = await screen.findByRole('group', { name: 'New members get' });
    const guests = screen.getByRole('group', { name: 'Guests get' });
    expect(
      (within(members).getByRole('checkbox', { name: 'Member' }) as HTMLInputElement).checked,
    ).toBe(true);
    expect(
      (within(guests).getByRole('checkbox', { name: 'Guest' }) as HTMLInputElement).checked,
    ).toBe(true);
    const save = screen.getByRole('button', { name: 'Save default roles' });
    expect((save as HTMLButtonElement).disabled).toBe(true);

    await user.click(within(members).getByRole('checkbox', { name: 'Member' }));
    await user.click(save);
    expect(await screen.findByText('Choose at least one role for new members.')).toBeDefined();
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);

    await user.click(within(members).getByRole('checkbox', { name: 'Member' }));
    await user.click(within(members).getByRole('checkbox', { name: 'Helpers' }));
    await user.click(save);
    expect(await screen.findByText('Your changes have been saved.')).toBeDefined();
    expect(
      calls.filter((call) => call.method === 'PATCH').map((call) => [call.path, call.body]),
    ).toEqual([['/roles/12', { type: 'member' }]]);
  });

  it('refuses viewers without site.manage', async () => {
    const calls = stubApi({});
    renderWithApp(<RolesPage />, {
      route: '/dashboard/roles',
      path: '/dashboard/roles',
      bootstrap: {
        me: member,
        permissions: permissionSet(['session.valid', 'community.moderate']),
      },
    });
    expect(await screen.findByRole('heading', { name: 'Permission Problem' })).toBeDefined();
    expect(calls.filter((call) => call.path === '/roles')).toEqual([]);
  });
});
