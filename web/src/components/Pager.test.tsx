import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useLocation } from 'react-router';
import { renderWithApp } from '../test/render.tsx';
import { pageHref } from '../layout/page-url.ts';
import { clampJump, Pager } from './Pager.tsx';

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

const hrefForPage = (page: number) => (page > 1 ? `/discussion/5/hello/p${page}?sort=-score` : '/discussion/5/hello?sort=-score');

function renderPager(props: { page: number; total: number; limit: number; hasMore?: boolean }) {
  return renderWithApp(
    <>
      <Pager {...props} hrefForPage={hrefForPage} />
      <Where />
    </>,
    { route: '/discussion/5/hello?sort=-score' },
  );
}

describe('Pager', () => {
  it('disables Previous on page 1 and links Next to /p2 keeping the query', () => {
    renderPager({ page: 1, total: 45, limit: 10 });
    expect(screen.queryByRole('link', { name: /Previous/ })).toBeNull();
    expect(screen.getByText(/Previous/).closest('[aria-disabled="true"]')).not.toBeNull();
    expect(screen.getByRole('link', { name: /Next/ }).getAttribute('href')).toBe('/discussion/5/hello/p2?sort=-score');
    expect(screen.getByText('of 5')).toBeTruthy();
  });

  it('links Previous from page 2 to page 1 without a suffix and disables Next on the last page', () => {
    renderPager({ page: 2, total: 20, limit: 10 });
    expect(screen.getByRole('link', { name: /Previous/ }).getAttribute('href')).toBe('/discussion/5/hello?sort=-score');
    expect(screen.queryByRole('link', { name: /Next/ })).toBeNull();
  });

  it('renders nothing for a single page', () => {
    const { container } = renderPager({ page: 1, total: 3, limit: 10 });
    expect(container.querySelector('nav')).toBeNull();
  });

  it('abbreviates page counts above 999 and adds a plus sign when more pages exist', () => {
    renderPager({ page: 1, total: 12_345 * 10, limit: 10, hasMore: true });
    expect(screen.getByText('of 12.3k+')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Next/ })).toBeTruthy();
  });

  it('jumps to a typed page, keeping digits only and clamping to the last page', async () => {
    const user = userEvent.setup();
    renderPager({ page: 1, total: 45, limit: 10 });
    const input = screen.getByLabelText('Page');
    await user.clear(input);
    await user.type(input, '3a');
    expect((input as HTMLInputElement).value).toBe('3');
    await user.click(screen.getByRole('button', { name: 'Go' }));
    expect(screen.getByTestId('where').textContent).toBe('/discussion/5/hello/p3?sort=-score');
    await user.clear(input);
    await user.type(input, '99{Enter}');
    expect(screen.getByTestId('where').textContent).toBe('/discussion/5/hello/p5?sort=-score');
  });

  it('clampJump: empty keeps the current page, values clamp to 1..total', () => {
    expect(clampJump('', 4, 9)).toBe(4);
    expect(clampJump('0', 4, 9)).toBe(1);
    expect(clampJump('12', 4, 9)).toBe(9);
    expect(clampJump('x7y', 4, 9)).toBe(7);
  });
});

describe('Pager hrefs of the lists (spec 000 §2: /p{page} pushed onto the path, query kept)', () => {
  const cases: { pathname: string; search: string; page: number; previous: string | null; next: string }[] = [
    { pathname: '/discussions', search: '', page: 1, previous: null, next: '/discussions/p2' },
    { pathname: '/discussions/p2', search: '?tagID=3&sort=-score', page: 2, previous: '/discussions?tagID=3&sort=-score', next: '/discussions/p3?tagID=3&sort=-score' },
    { pathname: '/discussions', search: '?page=2', page: 2, previous: '/discussions', next: '/discussions/p3' },
    { pathname: '/categories/garden/p3', search: '', page: 3, previous: '/categories/garden/p2', next: '/categories/garden/p4' },
    { pathname: '/discussion/5/hello/p2', search: '?sort=-score', page: 2, previous: '/discussion/5/hello?sort=-score', next: '/discussion/5/hello/p3?sort=-score' },
  ];
  for (const { pathname, search, page, previous, next } of cases) {
    it(`${pathname}${search} page ${page}`, () => {
      renderWithApp(
        <Pager page={page} total={100} limit={10} hrefForPage={(target) => pageHref(pathname, search, target)} />,
        { route: `${pathname}${search}` },
      );
      const previousLink = screen.queryByRole('link', { name: /Previous/ });
      expect(previousLink?.getAttribute('href') ?? null).toBe(previous);
      expect(screen.getByRole('link', { name: /Next/ }).getAttribute('href')).toBe(next);
    });
  }
});
