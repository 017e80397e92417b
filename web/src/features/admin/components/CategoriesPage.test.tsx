import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CategoryTreeNode } from '../../../../../common/src/api/categories.ts';
import { jsonResponse, member, permissionSet, renderWithApp } from '../../../test/render.tsx';
import { stubApi } from '../test/fetch-router.ts';
import { CategoriesPage } from './CategoriesPage.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

function node(
  categoryID: number,
  name: string,
  sort: number,
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
    countDiscussions: 4,
    countComments: 0,
    countAllDiscussions: 4,
    countAllComments: 0,
    countFollowers: 0,
    followed: false,
    featured: false,
    allowedDiscussionTypes: ['discussion'],
    depth: 1,
    sort,
    children: [],
    ...extra,
  };
}

const tree = [
  node(1, 'General', 1, { children: [node(4, 'Welcome', 1, { parentCategoryID: 1, depth: 2 })] }),
  node(2, 'Help', 2),
  node(3, 'Staff', 3, { customPermissions: true }),
];

function renderPage(permissions: string[]) {
  return renderWithApp(<CategoriesPage />, {
    route: '/dashboard/categories',
    bootstrap: {
      me: { ...member, userID: 2, name: 'admin' },
      permissions: permissionSet(['session.valid', ...permissions]),
    },
  });
}

describe('CategoriesPage', { timeout: 20_000 }, () => {
  it('moves a category up by renumbering its siblings', async () => {
    const calls = stubApi({
      'GET /categories': () => jsonResponse(200, tree),
      'PATCH /categories/3': () => jsonResponse(200, {}),
      'PATCH /categories/2': () => jsonResponse(200, {}),
    });
    const user = userEvent.setup({ delay: null });
    renderPage(['site.manage']);
    expect(
      ((await screen.findByRole('button', { name: 'Move General up' })) as HTMLButtonElement)
        .disabled,
    ).toBe(true);
    expect(
      (screen.getByRole('button', { name: 'Move Welcome down' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(screen.getByText('Custom permissions')).toBeDefined();
    await user.click(screen.getByRole('button', { name: 'Move Staff up' }));
    await vi.waitFor(() => {
      expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(2);
    });
    expect(
      calls.filter((call) => call.method === 'PATCH').map((call) => [call.path, call.body]),
    ).toEqual([
      ['/categories/3', { sort: 2 }],
      ['/categories/2', { sort: 3 }],
    ]);
  });

  it('deletes a category after moving its content to the chosen category', async () => {
    const calls = stubApi({
      'GET /categories': () => jsonResponse(200, tree),
      'DELETE /categories/2': () => new Response(null, { status: 204 }),
    });
    const user = userEvent.setup({ delay: null });
    renderPage(['site.manage']);
    await user.click(await screen.findByRole('button', { name: 'Delete Help' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Help' });
    expect(within(dialog).getByLabelText('Move them to another category')).toBeDefined();
    await user.selectOptions(within(dialog).getByLabelText('Move to'), '3');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('The category Help has been deleted.')).toBeDefined();
    const removal = calls.find((call) => call.method === 'DELETE');
    expect(removal?.path).toBe('/categories/2');
    expect(removal?.search.get('newCategoryID')).toBe('3');
  });

  it('deletes the content when asked; a category with children cannot be deleted', async () => {
    const calls = stubApi({
      'GET /categories': () => jsonResponse(200, tree),
      'DELETE /categories/3': () => new Response(null, { status: 204 }),
    });
    const user = userEvent.setup({ delay: null });
    renderPage(['site.manage']);
    await user.click(await screen.findByRole('button', { name: 'Delete General' }));
    let dialog = screen.getByRole('dialog', { name: 'Delete General' });
    expect(
      within(dialog).getByText('This category has subcategories. Move or delete them first.'),
    ).toBeDefined();
    expect(
      (within(dialog).getByRole('button', { name: 'Delete' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: 'Delete Staff' }));
    dialog = screen.getByRole('dialog', { name: 'Delete Staff' });
    await user.click(within(dialog).getByLabelText('Delete them permanently'));
    expect(
      within(dialog).getByText(
        '4 discussions and their comments will be deleted. This cannot be undone.',
      ),
    ).toBeDefined();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await screen.findByText('The category Staff has been deleted.');
    const removal = calls.find((call) => call.method === 'DELETE');
    expect(removal?.path).toBe('/categories/3');
    expect(removal?.search.has('newCategoryID')).toBe(false);
  });

  it('shows community managers the tree without editing controls; others get a 403', async () => {
    stubApi({ 'GET /categories': () => jsonResponse(200, tree) });
    const { unmount } = renderPage(['community.manage']);
    expect(await screen.findByText('Staff')).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Move Staff up' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'New Category' })).toBeNull();
    unmount();
    renderPage(['community.moderate']);
    expect(screen.getByRole('heading', { level: 1, name: 'Permission Problem' })).toBeDefined();
  });
});
