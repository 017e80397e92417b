import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { categoryFixture } from '../../../layout/test-fixtures.ts';
import { CategoryListWidget } from './CategoryListWidget.tsx';
import type { CategoryListNode } from './CategoryList.tsx';
import {
  categoryLinkOf,
  defaultCategoryItemOptions,
} from '../../../../../common/src/api/layouts.lookup.ts';

/** What a server-rendered page's bootstrap carries for the side panel. */
function compact(category: CategoryListNode): CategoryListNode {
  // The widget's props are typed as whole records; a compact page carries only the link's fields.
  return categoryLinkOf(category) as CategoryListNode;
}

function markup(categories: CategoryListNode[], includeSubcategoriesCount: boolean): string {
  const { container } = render(
    <MemoryRouter>
      <CategoryListWidget
        title="Categories"
        displayAs="link"
        categories={categories}
        itemOptions={{
          ...defaultCategoryItemOptions,
          metas: { ...defaultCategoryItemOptions.metas, includeSubcategoriesCount },
        }}
      />
    </MemoryRouter>,
  );
  return container.innerHTML;
}

describe('the side panel’s category links (a compact page bootstrap)', () => {
  it('draw the same from the compact categories as from whole records', () => {
    const categories: CategoryListNode[] = [
      categoryFixture({ lastPost: null }),
      categoryFixture({
        categoryID: 4,
        name: 'Workshop',
        urlcode: 'workshop',
        url: 'http://hearth.test/categories/workshop',
        displayAs: 'heading',
        children: [
          categoryFixture({
            categoryID: 5,
            name: 'Tools',
            urlcode: 'tools',
            url: 'http://hearth.test/categories/tools',
            countDiscussions: 1200,
          }),
          categoryFixture({
            categoryID: 6,
            name: 'Wood',
            urlcode: 'wood',
            url: 'http://hearth.test/categories/wood',
            countAllDiscussions: 3,
          }),
        ],
      }),
    ];
    for (const includeSubcategoriesCount of [true, false]) {
      const whole = markup(categories, includeSubcategoriesCount);
      expect(whole).toContain('Tools');
      expect(markup(categories.map(compact), includeSubcategoriesCount)).toBe(whole);
    }
  });
});
