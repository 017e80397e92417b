import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CategoryTreeNode } from '../../../../../common/src/api/categories.ts';
import type { CreateRoleBody, PatchRoleBody } from '../../../../../common/src/api/roles.ts';
import { jsonResponse, permissionSet, renderWithApp } from '../../../test/render.tsx';
import { stubApi } from '../../admin/test/fetch-router.ts';
import { admin, roles } from '../test/role-fixtures.ts';
import { RoleFormPage } from './RoleFormPage.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

function node(
  categoryID: number,
  name: string,
  customPermissions: boolean,
): Partial<CategoryTreeNode> {
  return {
    categoryID,
    name,
    parentCategoryID: null,
    customPermissions,
    urlcode: name.toLowerCase(),
    displayAs: 'discussions',
    depth: 1,
    sort: categoryID,
    children: [],
  };
}

const tree = [node(1, 'General', false), node(5, 'Staff', true)];

function renderForm(route: string) {
  return renderWithApp(<RoleFormPage />, {
    route,
    path: route.endsWith('/add') ? '/dashboard/roles/add' : '/dashboard/roles/:roleID/edit',
    bootstrap: { me: admin, permissions: permissionSet(['session.valid', 'site.manage']) },
  });
}

describe('RoleFormPage', { timeout: 20_000 }, () => {
  it('creates a role with a global permission and a permission in a custom category', async () => {
    const calls = stubApi({
      'GET /categories': () => jsonResponse(200, tree),
      'POST /roles': () => jsonResponse(201, { ...roles[2], roleID: 20, name: 'Curators' }),
    });
    const user = userEvent.setup({ delay: null });
    renderForm('/dashboard/roles/add');

    await user.type(await screen.findByLabelText(/^Name/), 'Curators');
    await user.type(screen.getByLabelText('Description'), 'They tidy up.');
    const garden = screen.getByRole('group', { name: 'Garden' });
    await user.click(within(garden).getByRole('checkbox', { name: /^Manage curation/ }));
    const grid = screen.getByRole('region', { name: 'Permissions by category' });
    expect(
      within(grid).getByRole('rowheader', { name: 'Default category permissions' }),
    ).toBeDefined();
    await user.click(within(grid).getByRole('checkbox', { name: 'Staff: Discussions View' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('The role Curators has been created.')).toBeDefined();
    const body = calls.find((call) => call.method === 'POST')?.body as CreateRoleBody;
    expect(body).toMatchObject({
      name: 'Curators',
      description: 'They tidy up.',
      type: null,
      canSession: true,
      personalInfo: false,
    });
    const global = body.permissions?.find((entry) => entry.type === 'global');
    expect(global?.permissions['curation.manage']).toBe(true);
    expect(global?.permissions['site.manage']).toBe(false);
    const staff = body.permissions?.find((entry) => entry.type === 'category' && entry.id === 5);
    expect(staff?.permissions['discussions.view']).toBe(true);
    expect(staff?.permissions['discussions.add']).toBe(false);
  });

  it('edits a role: only the changed fields and permission entries are sent', async () => {
    const calls = stubApi({
      'GET /categories': () => jsonResponse(200, tree),
      'GET /roles/12': () => jsonResponse(200, roles[2]),
      'PATCH /roles/12': () => jsonResponse(200, roles[2]),
    });
    const user = userEvent.setup({ delay: null });
    renderForm('/dashboard/roles/12/edit');

    const name = await screen.findByLabelText(/^Name/);
    expect((name as HTMLInputElement).value).toBe('Helpers');
    const grid = screen.getByRole('region', { name: 'Permissions by category' });
    expect(
      (within(grid).getByRole('checkbox', { name: 'Staff: Discussions View' }) as HTMLInputElement)
        .checked,
    ).toBe(true);
    await user.selectOptions(screen.getByLabelText('Default type'), 'moderator');
    await user.click(within(grid).getByRole('checkbox', { name: 'Staff: Comments Add' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Your changes have been saved.')).toBeDefined();
    const body = calls.find((call) => call.method === 'PATCH')?.body as PatchRoleBody;
    expect(Object.keys(body).sort()).toEqual(['permissions', 'type']);
    expect(body.type).toBe('moderator');
    expect(body.permissions).toHaveLength(1);
    expect(body.permissions?.[0]).toMatchObject({ type: 'category', id: 5 });
    expect(body.permissions?.[0]?.permissions['comments.add']).toBe(true);
  });

  it('shows the server’s field error by its field', async () => {
    stubApi({
      'GET /categories': () => jsonResponse(200, tree),
      'POST /roles': () =>
        jsonResponse(400, {
          message: 'The name you entered is already in use.',
          status: 400,
          errors: [
            {
              field: 'name',
              code: 'invalid',
              message: 'The name you entered is already in use.',
              status: 400,
            },
          ],
        }),
    });
    const user = userEvent.setup({ delay: null });
    renderForm('/dashboard/roles/add');
    const name = await screen.findByLabelText(/^Name/);
    await user.type(name, 'Member');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The name you entered is already in use.')).toBeDefined();
    expect(name.getAttribute('aria-invalid')).toBe('true');
  });

  it('a role that does not exist shows Role Not Found', async () => {
    stubApi({
      'GET /categories': () => jsonResponse(200, tree),
      'GET /roles/99': () => jsonResponse(404, { message: 'Role not found.', status: 404 }),
    });
    renderForm('/dashboard/roles/99/edit');
    expect(await screen.findByRole('heading', { name: 'Role Not Found' })).toBeDefined();
  });
});
