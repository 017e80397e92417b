import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { defaultCategoryItemOptions, type CategoryItemOptions } from '../../../../../common/src/api/layouts.lookup.ts';
import { categoryFixture } from '../../../layout/test-fixtures.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { CategoryListWidget } from './CategoryListWidget.tsx';

function options(
  display: Partial<CategoryItemOptions['metas']['display']>,
  rest: Partial<Omit<CategoryItemOptions['metas'], 'display'>> = {},
): CategoryItemOptions {
  const none = Object.fromEntries(
    Object.keys(defaultCategoryItemOptions.metas.display).map((key) => [key, false]),
  ) as CategoryItemOptions['metas']['display'];
  return { metas: { asIcons: false, includeSubcategoriesCount: false, ...rest, display: { ...none, ...display } } };
}

const seedlings = categoryFixture({
  categoryID: 8,
  name: 'Seedlings',
  url: 'http://hearth.test/categories/seedlings',
  parentCategoryID: 3,
  depth: 2,
});

const lastPost = {
  discussionID: 11,
  name: 'Growing tomatoes indoors',
  url: 'http://hearth.test/discussion/11/growing-tomatoes-indoors',
  dateInserted: '2024-03-06T09:00:00+00:00',
  insertUserID: 4,
  insertUser: { userID: 4, name: 'fern', photoUrl: '' },
};

describe('CategoryListWidget', () => {
  it('shows the name, description and the metas the display flags turn on', () => {
    renderWithApp(
      <CategoryListWidget
        title="Categories"
        headingLevel={1}
        categories={[categoryFixture({ children: [seedlings], lastPost })]}
        itemOptions={options({ discussionCount: true, followerCount: true, lastPostName: true, lastPostAuthor: true, subcategories: true })}
      />,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Categories' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Garden Talk' }).getAttribute('href')).toBe('/categories/garden-talk');
    expect(screen.getByText('Everything that grows.')).toBeTruthy();
    expect(screen.getByText('4 discussions')).toBeTruthy();
    expect(screen.getByText('7 followers')).toBeTruthy();
    expect(screen.queryByText('20 comments')).toBeNull();
    expect(screen.getByRole('link', { name: 'Growing tomatoes indoors' }).getAttribute('href')).toBe(
      '/discussion/11/growing-tomatoes-indoors',
    );
    expect(screen.getByRole('link', { name: 'fern' })).toBeTruthy();
    const subcategories = screen.getByRole('list', { name: 'Subcategories of Garden Talk' });
    expect(within(subcategories).getByRole('link', { name: 'Seedlings' }).getAttribute('href')).toBe('/categories/seedlings');
  });

  it('counts subcategories when includeSubcategoriesCount is on, and shows counts as icons with asIcons', () => {
    renderWithApp(
      <CategoryListWidget
        categories={[categoryFixture()]}
        itemOptions={options({ discussionCount: true, commentCount: true }, { includeSubcategoriesCount: true, asIcons: true })}
      />,
    );
    expect(screen.getByRole('img', { name: '9 discussions' }).textContent).toBe('9');
    expect(screen.getByRole('img', { name: '50 comments' }).textContent).toBe('50');
    expect(screen.queryByText('9 discussions')).toBeNull();
  });

  it('hides subcategories and the last post when their flags are off', () => {
    renderWithApp(
      <CategoryListWidget
        categories={[categoryFixture({ children: [seedlings], lastPost })]}
        itemOptions={options({ postCount: true })}
      />,
    );
    expect(screen.getByText('24 posts')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Seedlings' })).toBeNull();
    expect(screen.queryByText(/Most recent/)).toBeNull();
  });

  it('groups the children of a heading category under a heading', () => {
    renderWithApp(
      <CategoryListWidget
        categories={[
          categoryFixture({ categoryID: 20, name: 'Community', displayAs: 'heading', url: 'http://hearth.test/categories/community', children: [seedlings] }),
        ]}
      />,
    );
    expect(screen.getByRole('heading', { level: 3, name: 'Community' })).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Community' })).getByRole('link', { name: 'Seedlings' })).toBeTruthy();
  });

  it('the side panel lists category links with their counts', () => {
    renderWithApp(<CategoryListWidget title="Categories" displayAs="link" categories={[categoryFixture()]} />);
    const link = screen.getByRole('link', { name: /Garden Talk/ });
    expect(link.getAttribute('href')).toBe('/categories/garden-talk');
    expect(within(link).getByLabelText('9 discussions').textContent).toBe('9');
  });
});
