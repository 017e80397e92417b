import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CategoryEdit, CategoryTreeNode } from '../../../../../common/src/api/categories.ts';
import type { Role } from '../../../../../common/src/api/roles.ts';
import { jsonResponse, member, permissionSet, renderWithApp } from '../../../test/render.tsx';
import { categoryPermissionNames } from '../categories/category-permissions.ts';
import { stubApi } from '../test/fetch-router.ts';
import { CategoryFormPage } from './CategoryFormPage.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const admin = { ...member, userID: 2, name: 'admin', isAdmin: true };

function node(
  categoryID: number,
  name: string,
  extra: Partial<CategoryTreeNode> = {},
): CategoryTreeNode {
  return {
    categoryID,
    name,
    description: '',
    parentCategoryID: null,
    customPermissions: false,
    isArchived: false,
    urlcode: name.toLowerCase(),
    url: `http://localhost/categories/${name.toLowerCase()}`,
    displayAs: 'discussions',
    iconUrl: null,
    bannerUrl: null,
    dateInserted: '2024-01-01T00:00:00+00:00',
    countCategories: 0,
    countDiscussions: 0,
    countComments: 0,
    countAllDiscussions: 0,
    countAllComments: 0,
    countFollowers: 0,
    followed: false,
    featured: false,
    allowedDiscussionTypes: ['discussion', 'question', 'idea', 'poll'],
    depth: 1,
    sort: categoryID,
    children: [],
    ...extra,
  };
}

const all = (granted: boolean, except: Record<string, boolean> = {}) => ({
  ...Object.fromEntries(categoryPermissionNames.map((name) => [name, granted])),
  ...except,
});

const roles: Role[] = [
  {
    roleID: 2,
    name: 'Guest',
    description: null,
    type: 'guest',
    deletable: false,
    canSession: false,
    personalInfo: false,
    permissions: [
      { type: 'global', permissions: {} },
      { type: 'category', id: 0, permissions: { 'discussions.view': true } },
    ],
  },
  {
    roleID: 8,
    name: 'Member',
    description: null,
    type: 'member',
    deletable: false,
    canSession: true,
    personalInfo: false,
    permissions: [
      {
        type: 'category',
        id: 0,
        permissions: { 'discussions.view': true, 'discussions.add': true, 'comments.add': true },
      },
    ],
  },
];

const staffEdit: CategoryEdit = {
  categoryID: 5,
  name: 'Staff',
  parentCategoryID: null,
  urlcode: 'staff',
  description: 'Staff only',
  displayAs: 'discussions',
  iconUrl: null,
  bannerUrl: null,
  customPermissions: true,
  featured: false,
  isArchived: false,
  allowedDiscussionTypes: ['discussion'],
  sort: 2,
  permissions: [
    { roleID: 2, permissions: all(false) },
    { roleID: 8, permissions: all(false, { 'discussions.view': true, 'discussions.add': true }) },
  ],
};

const tree = [node(1, 'General'), node(5, 'Staff', { customPermissions: true })];

function renderForm(route: string, path: string) {
  return renderWithApp(<CategoryFormPage />, {
    route,
    path,
    bootstrap: { me: admin, permissions: permissionSet(['session.valid', 'site.manage']) },
  });
}

describe('CategoryFormPage', { timeout: 20_000 }, () => {
  it('saves a changed grant of a custom permission grid through PATCH /categories/{id}', async () => {
    const calls = stubApi({
      'GET /categories': () => jsonResponse(200, tree),
      'GET /categories/5/edit': () => jsonResponse(200, staffEdit),
      'GET /roles': () => jsonResponse(200, roles),
      'PATCH /categories/5': () => jsonResponse(200, { ...tree[1], children: undefined }),
    });
    const user = userEvent.setup({ delay: null });
    renderForm('/dashboard/categories/5/edit', '/dashboard/categories/:categoryID/edit');

    const useCustom = await screen.findByLabelText('Use custom permissions');
    expect((useCustom as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText(/^Name/) as HTMLInputElement).value).toBe('Staff');
    const memberAdd = screen.getByRole('checkbox', { name: 'Member: Discussions Add' });
    expect((memberAdd as HTMLInputElement).checked).toBe(true);
    await user.click(memberAdd);
    await user.click(screen.getByRole('checkbox', { name: 'Guest: Discussions View' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Your changes have been saved.')).toBeDefined();
    const patch = calls.find((call) => call.method === 'PATCH');
    expect(patch?.path).toBe('/categories/5');
    expect(patch?.body).toEqual({
      permissions: [
        { roleID: 2, permissions: all(false, { 'discussions.view': true }) },
        { roleID: 8, permissions: all(false, { 'discussions.view': true }) },
      ],
    });
  });

  it('creates a category whose custom grid starts from each role’s defaults', async () => {
    const calls = stubApi({
      'GET /categories': () => jsonResponse(200, tree),
      'GET /roles': () => jsonResponse(200, roles),
      'POST /categories': () => jsonResponse(201, { ...node(9, 'Help Desk'), children: undefined }),
    });
    const user = userEvent.setup({ delay: null });
    renderForm('/dashboard/categories/add?parentID=1', '/dashboard/categories/add');

    await user.type(await screen.findByLabelText(/^Name/), 'Help Desk');
    expect((screen.getByLabelText(/^URL code/) as HTMLInputElement).value).toBe('help-desk');
    expect((screen.getByLabelText('Parent category') as HTMLSelectElement).value).toBe('1');
    expect(
      screen.getByText('This category uses each role’s default category permissions.'),
    ).toBeDefined();
    await user.click(screen.getByLabelText('Question'));
    await user.click(screen.getByLabelText('Use custom permissions'));
    expect(
      (screen.getByRole('checkbox', { name: 'Member: Comments Add' }) as HTMLInputElement).checked,
    ).toBe(true);
    expect(
      (screen.getByRole('checkbox', { name: 'Guest: Comments Add' }) as HTMLInputElement).checked,
    ).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('The category Help Desk has been created.')).toBeDefined();
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.body).toEqual({
      name: 'Help Desk',
      urlcode: 'help-desk',
      description: '',
      parentCategoryID: 1,
      displayAs: 'discussions',
      allowedDiscussionTypes: ['discussion', 'idea', 'poll'],
      isArchived: false,
      iconUrl: null,
      customPermissions: true,
      permissions: [
        { roleID: 2, permissions: all(false, { 'discussions.view': true }) },
        {
          roleID: 8,
          permissions: all(false, {
            'discussions.view': true,
            'discussions.add': true,
            'comments.add': true,
          }),
        },
      ],
    });
  });

  it('opens when the roles have too many permission rows to expand (416): the new grid starts unchecked', async () => {
    const calls = stubApi({
      'GET /categories': () => jsonResponse(200, tree),
      'GET /roles': (call) =>
        call.search.get('expand') === 'permissions'
          ? jsonResponse(416, {
              message: 'There are too many permissions to display.',
              status: 416,
            })
          : jsonResponse(
              200,
              roles.map(({ permissions: _permissions, ...role }) => role),
            ),
    });
    const user = userEvent.setup({ delay: null });
    renderForm('/dashboard/categories/add', '/dashboard/categories/add');
    await user.click(await screen.findByLabelText('Use custom permissions'));
    expect(
      (screen.getByRole('checkbox', { name: 'Member: Discussions View' }) as HTMLInputElement)
        .checked,
    ).toBe(false);
    expect(calls.filter((call) => call.path === '/roles')).toHaveLength(2);
  });

  it('shows server field errors by their fields and role errors in the grid', async () => {
    stubApi({
      'GET /categories': () => jsonResponse(200, tree),
      'GET /roles': () => jsonResponse(200, roles),
      'POST /categories': () =>
        jsonResponse(422, {
          message: 'Validation Failed',
          status: 422,
          errors: [
            {
              field: 'urlcode',
              code: 'invalid',
              message: 'The specified url code is already in use by another category.',
              status: 400,
            },
            {
              field: 'permissions.1.roleID',
              code: 'invalid',
              message: 'Role not found.',
              status: 422,
            },
          ],
        }),
    });
    const user = userEvent.setup({ delay: null });
    renderForm('/dashboard/categories/add', '/dashboard/categories/add');
    await user.type(await screen.findByLabelText(/^Name/), 'General');
    await user.click(screen.getByLabelText('Use custom permissions'));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const urlcode = screen.getByLabelText(/^URL code/);
    await screen.findByText('The specified url code is already in use by another category.');
    expect(urlcode.getAttribute('aria-invalid')).toBe('true');
    const described = (urlcode.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '');
    expect(described).toContain('The specified url code is already in use by another category.');
    expect(screen.getByRole('rowheader', { name: /Member/ }).textContent).toContain(
      'Role not found.',
    );
  });

  it('offers no parent inside the category’s own subtree', async () => {
    const nested = [
      node(1, 'General', { children: [node(3, 'Sub', { parentCategoryID: 1 })] }),
      node(5, 'Staff'),
    ];
    stubApi({
      'GET /categories': () => jsonResponse(200, nested),
      'GET /categories/1/edit': () =>
        jsonResponse(200, {
          ...staffEdit,
          categoryID: 1,
          name: 'General',
          customPermissions: false,
          permissions: undefined,
        }),
      'GET /roles': () => jsonResponse(200, roles),
    });
    renderForm('/dashboard/categories/1/edit', '/dashboard/categories/:categoryID/edit');
    const parent = await screen.findByLabelText('Parent category');
    const options = [...(parent as HTMLSelectElement).options].map((option) => option.textContent);
    expect(options).toEqual(['None (top level)', 'Staff']);
  });
});
