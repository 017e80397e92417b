import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithApp } from '../../../../test/render.tsx';
import { CategoryPicker } from './CategoryPicker.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

function Harness({ currentCategoryID }: { currentCategoryID?: number }) {
  const [value, setValue] = useState<number | null>(null);
  return (
    <>
      <CategoryPicker
        value={value}
        onChange={(category) => setValue(category.categoryID)}
        currentCategoryID={currentCategoryID}
      />
      <output>{value ?? 'none'}</output>
    </>
  );
}

const home = { name: 'Home', url: '/' };

describe('CategoryPicker (the Move and bulk Move modals)', () => {
  it('searches categories, offers only those holding discussions, with their parents', async () => {
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) => {
        urls.push(url);
        return Promise.resolve(
          jsonResponse(200, [
            {
              categoryID: 3,
              name: 'Tea',
              displayAs: 'discussions',
              breadcrumbs: [
                home,
                { name: 'Drinks', url: '/categories/drinks' },
                { name: 'Tea', url: '/categories/tea' },
              ],
            },
            { categoryID: 4, name: 'Drinks', displayAs: 'categories', breadcrumbs: [home] },
            {
              categoryID: 5,
              name: 'Talk',
              displayAs: 'flat',
              breadcrumbs: [home, { name: 'Talk', url: '/categories/talk' }],
            },
          ]),
        );
      }),
    );
    renderWithApp(<Harness currentCategoryID={5} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Find a category'), 't');
    await waitFor(() => {
      expect(urls.map((url) => new URL(url, 'http://x').searchParams.get('query'))).toContain('t');
    });
    const tea = await screen.findByRole('radio', { name: /Tea/ });
    expect(screen.queryByRole('radio', { name: /^Drinks/ })).toBeNull();
    expect(screen.getByText('Drinks', { selector: 'span span' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: /Talk/ }).parentElement?.textContent).toContain(
      'Current category',
    );
    await user.click(tea);
    expect(screen.getByRole('status').textContent).toBe('3');
    const last = new URL(urls.at(-1) ?? '', 'http://x');
    expect(last.pathname).toBe('/api/v2/categories/search');
    expect(last.searchParams.get('expand')).toBe('breadcrumbs');
  });

  it('says when no category matches', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(jsonResponse(200, []))),
    );
    renderWithApp(<Harness />);
    expect(await screen.findByText('No categories found.')).toBeTruthy();
  });
});
