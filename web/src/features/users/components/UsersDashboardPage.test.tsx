import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../../../../common/src/api/users.ts';
import { jsonResponse, member, permissionSet, renderWithApp } from '../../../test/render.tsx';
import { stubApi, type RecordedCall } from '../../admin/test/fetch-router.ts';
import { UsersDashboardPage } from './UsersDashboardPage.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const admin = { ...member, userID: 2, name: 'admin', isAdmin: true };

function user(overrides: Partial<User> = {}): User {
  return {
    userID: 11,
    name: 'ann',
    email: 'ann@example.com',
    photoUrl: '/avatar.png',
    profilePhotoUrl: '/avatar.png',
    banned: 0,
    private: false,
    dateInserted: '2026-03-01T12:00:00+00:00',
    dateLastActive: '2026-03-02T12:00:00+00:00',
    roles: [{ roleID: 8, name: 'Member' }],
    ...overrides,
  };
}

const roles = [
  { roleID: 8, name: 'Member', description: null, assignable: true },
  { roleID: 32, name: 'Moderator', description: null, assignable: true },
  { roleID: 16, name: 'Administrator', description: null, assignable: false },
];

const pageHeaders = (total: number) => ({
  'x-app-page-current': '1',
  'x-app-page-limit': '30',
  'x-app-page-result-count': String(total),
});

const call0 = (calls: readonly RecordedCall[]) => calls.find((recorded) => recorded.path === '/users');

const allPermissions = ['session.valid', 'users.edit', 'users.delete', 'community.moderate', 'personalInfo.view'];

function renderAsAdmin(route = '/dashboard/users') {
  return renderWithApp(<UsersDashboardPage />, {
    route,
    bootstrap: { me: admin, permissions: permissionSet(allPermissions) },
  });
}

describe('UsersDashboardPage', { timeout: 20_000 }, () => {
  it('shows the permission error page to a member without users.edit, users.delete or community.moderate', () => {
    const calls = stubApi({});
    renderWithApp(<UsersDashboardPage />, {
      route: '/dashboard/users',
      bootstrap: { me: member, permissions: permissionSet(['session.valid', 'profiles.view']) },
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Permission Problem' })).toBeDefined();
    expect(calls).toEqual([]);
  });

  it('lists members with e-mail, roles and the banned label; filters go to GET /users', async () => {
    const calls = stubApi({
      'GET /users': () =>
        jsonResponse(200, [user(), user({ userID: 12, name: 'bob', email: 'bob@example.com', banned: 1 })], pageHeaders(2)),
      'GET /roles': () => jsonResponse(200, roles),
    });
    const actor = userEvent.setup({ delay: null });
    renderAsAdmin();
    const region = await screen.findByRole('region', { name: 'Members' });
    const bobRow = within(region).getByRole('rowheader', { name: /bob/ }).closest('tr') as HTMLElement;
    expect(within(bobRow).getByText('Banned')).toBeDefined();
    expect(within(bobRow).getByText('bob@example.com')).toBeDefined();
    expect(within(bobRow).getByRole('button', { name: 'Unban' })).toBeDefined();
    const annRow = within(region).getByRole('rowheader', { name: 'ann' }).closest('tr') as HTMLElement;
    expect(within(annRow).getByText('Member')).toBeDefined();
    expect(within(annRow).getByRole('button', { name: 'Ban' })).toBeDefined();
    expect(screen.getByText('2 users')).toBeDefined();

    await actor.type(screen.getByLabelText('Name or e-mail'), 'ann@example.com');
    await actor.selectOptions(screen.getByLabelText('Role'), 'Moderator');
    await actor.selectOptions(screen.getByLabelText('Banned'), 'Banned only');
    await actor.type(screen.getByLabelText('Joined from'), '2026-01-01');
    await actor.type(screen.getByLabelText('Joined to'), '2026-03-31');
    await actor.click(screen.getByRole('button', { name: 'Search' }));
    await vi.waitFor(() => {
      const last = calls.filter((call) => call.path === '/users').at(-1);
      expect(last?.search.get('query')).toBe('ann@example.com');
      expect(last?.search.get('roleIDs')).toBe('32');
      expect(last?.search.get('roleID')).toBeNull();
      expect(last?.search.get('dateInserted')).toBe('[2026-01-01,2026-03-31]');
      expect(last?.search.get('isBanned')).toBe('true');
      expect(last?.search.get('page')).toBe('1');
    });
  });

  it('hides the e-mail column without personalInfo.view and the role and delete buttons without their permissions', async () => {
    stubApi({
      'GET /users': () => jsonResponse(200, [user({ email: undefined })], pageHeaders(1)),
      'GET /roles': () => jsonResponse(200, roles),
    });
    renderWithApp(<UsersDashboardPage />, {
      route: '/dashboard/users',
      bootstrap: { me: { ...member, userID: 3 }, permissions: permissionSet(['session.valid', 'community.moderate']) },
    });
    await screen.findByRole('region', { name: 'Members' });
    expect(screen.queryByRole('columnheader', { name: 'E-mail' })).toBeNull();
    expect(screen.getByLabelText('Name')).toBeDefined();
    expect(screen.getByRole('button', { name: 'Ban' })).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Edit roles of ann' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete ann' })).toBeNull();
  });

  it('edits roles with a checkbox list and saves roleID through PATCH /users/{id}', async () => {
    let current = user();
    const calls = stubApi({
      'GET /users': () => jsonResponse(200, [current], pageHeaders(1)),
      'GET /roles': () => jsonResponse(200, roles),
      'PATCH /users/11': (call) => {
        current = user({ roles: [{ roleID: 8, name: 'Member' }, { roleID: 32, name: 'Moderator' }] });
        expect(call.body).toEqual({ roleID: [8, 32] });
        return jsonResponse(200, current);
      },
    });
    const actor = userEvent.setup({ delay: null });
    renderAsAdmin();
    await actor.click(await screen.findByRole('button', { name: 'Edit roles of ann' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit roles of ann' });
    expect((within(dialog).getByRole('checkbox', { name: 'Member' }) as HTMLInputElement).checked).toBe(true);
    // A role the editor may not give is not offered.
    expect(within(dialog).queryByRole('checkbox', { name: 'Administrator' })).toBeNull();
    await actor.click(within(dialog).getByRole('checkbox', { name: 'Moderator' }));
    await actor.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The roles of ann are saved.')).toBeDefined();
    expect(await screen.findByText('Member, Moderator')).toBeDefined();
    expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(1);
  });

  it('shows the server’s rank refusal in the roles dialog', async () => {
    stubApi({
      'GET /users': () => jsonResponse(200, [user()], pageHeaders(1)),
      'GET /roles': () => jsonResponse(200, roles),
      'PATCH /users/11': () => jsonResponse(403, { message: 'You are not allowed to edit a user with a higher rank.', status: 403 }),
    });
    const actor = userEvent.setup({ delay: null });
    renderAsAdmin();
    await actor.click(await screen.findByRole('button', { name: 'Edit roles of ann' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit roles of ann' });
    await actor.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('You are not allowed to edit a user with a higher rank.')).toBeDefined();
  });

  it('deletes a user with the chosen deleteMethod after a confirm dialog', async () => {
    let list = [user()];
    const calls = stubApi({
      'GET /users': () => jsonResponse(200, list, pageHeaders(list.length)),
      'GET /roles': () => jsonResponse(200, roles),
      'DELETE /users/11': () => {
        list = [];
        return new Response(null, { status: 204 });
      },
    });
    const actor = userEvent.setup({ delay: null });
    renderAsAdmin();
    await actor.click(await screen.findByRole('button', { name: 'Delete ann' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete ann' });
    expect((within(dialog).getByRole('radio', { name: 'Keep User Content' }) as HTMLInputElement).checked).toBe(true);
    await actor.click(within(dialog).getByRole('radio', { name: 'Blank User Content' }));
    await actor.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('ann is deleted.')).toBeDefined();
    expect(await screen.findByText('No users match.')).toBeDefined();
    expect(calls.find((call) => call.method === 'DELETE')?.body).toEqual({ deleteMethod: 'wipe' });
  });

  it('reads page and filters from the URL and shows a numbered pager', async () => {
    const calls = stubApi({
      'GET /users': () =>
        jsonResponse(200, [user()], { 'x-app-page-current': '2', 'x-app-page-limit': '30', 'x-app-page-result-count': '95' }),
      'GET /roles': () => jsonResponse(200, roles),
    });
    renderAsAdmin('/dashboard/users?page=2&banned=no&roleID=8&joinedFrom=2026-02-01&joinedTo=bad');
    const pager = await screen.findByRole('navigation', { name: 'Pages of users' });
    expect(within(pager).getByRole('link', { name: /Next/i }).getAttribute('href')).toBe(
      '/dashboard/users?roleID=8&banned=no&joinedFrom=2026-02-01&page=3',
    );
    expect(call0(calls)?.search.get('dateInserted')).toBe('>=2026-02-01');
    const call = calls.find((recorded) => recorded.path === '/users');
    expect(call?.search.get('page')).toBe('2');
    expect(call?.search.get('isBanned')).toBe('false');
    expect(call?.search.get('roleIDs')).toBe('8');
  });
});
