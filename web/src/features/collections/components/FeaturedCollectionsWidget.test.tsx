import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../test/render.tsx';
import { widgetRegistry } from '../../../layout/registry.ts';
import { FeaturedCollectionsWidget } from './FeaturedCollectionsWidget.tsx';

describe('FeaturedCollectionsWidget', () => {
  it('lists the collection’s records under its title, categories marked', () => {
    renderWithApp(
      <FeaturedCollectionsWidget
        title="Start Here"
        items={[
          {
            recordType: 'discussion',
            recordID: 4,
            name: 'Hello there',
            url: '/discussion/4/hello-there',
          },
          {
            recordType: 'category',
            recordID: 2,
            name: 'Open Garden',
            url: '/categories/open-garden',
          },
        ]}
      />,
    );
    const region = screen.getByRole('region', { name: 'Start Here' });
    expect(region.querySelector('h2')?.textContent).toBe('Start Here');
    expect(screen.getByRole('link', { name: 'Hello there' }).getAttribute('href')).toBe(
      '/discussion/4/hello-there',
    );
    expect(screen.getByRole('link', { name: 'Open Garden' }).getAttribute('href')).toBe(
      '/categories/open-garden',
    );
    expect(screen.getAllByText('Category')).toHaveLength(1);
  });

  it('draws nothing without records, and is registered for layouts', () => {
    const { container } = renderWithApp(<FeaturedCollectionsWidget title="Empty" items={[]} />);
    expect(container.querySelector('section')).toBeNull();
    expect(widgetRegistry.FeaturedCollections).toBeDefined();
  });
});
