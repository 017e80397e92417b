import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SearchResult } from '../../../../../common/src/api/search.ts';
import { jsonResponse, renderWithApp } from '../../../test/render.tsx';
import { stubApi } from '../../admin/test/fetch-router.ts';
import { SearchPage } from './SearchPage.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

function result(recordID: number): SearchResult {
  return {
    recordType: 'discussion',
    type: 'discussion',
    recordID,
    name: `Roses ${String(recordID)}`,
    url: `http://localhost/discussion/${String(recordID)}/roses`,
    excerpt: 'I grow <mark>roses</mark> &amp; tulips.',
    categoryID: 1,
    dateInserted: '2026-03-01T12:00:00+00:00',
    breadcrumbs: [
      { name: 'Home', url: 'http://localhost/' },
      { name: 'Garden', url: 'http://localhost/categories/garden' },
    ],
    isForeign: false,
    subqueryMatchCount: 1,
  };
}

describe('SearchPage', { timeout: 20_000 }, () => {
  it('shows the count, the results with marked words, and a numbered pager', async () => {
    const calls = stubApi({
      'GET /search': () => jsonResponse(200, [result(1), result(2)], { 'x-app-page-result-count': '12' }),
      'GET /categories/search': () => jsonResponse(200, [{ categoryID: 1, name: 'Garden' }]),
    });
    renderWithApp(<SearchPage />, { route: '/search?query=roses&page=2', path: '/search' });
    expect((await screen.findByRole('link', { name: 'Roses 1' })).getAttribute('href')).toBe('/discussion/1/roses');
    expect(screen.getByText('12 results')).toBeDefined();
    const marks = document.querySelectorAll('mark');
    expect(marks[0]?.textContent).toBe('roses');
    const search = calls.find((call) => call.path === '/search')?.search;
    expect(search?.get('query')).toBe('roses');
    expect(search?.get('page')).toBe('2');
    expect(search?.get('recordTypes')).toBe('discussion,comment');
    expect(screen.getByRole('link', { name: /Previous/ }).getAttribute('href')).toBe('/search?query=roses');
    expect(screen.getByRole('button', { name: 'Members' })).toBeDefined();
    expect(screen.getByRole('form', { name: 'Filter Results' })).toBeDefined();
  });

  it('says "1,000+ results" at the cap the server counts to, and follows result URLs with UTM parameters', async () => {
    const tracked = { ...result(4), url: 'http://localhost/discussion/4/roses?utm_source=community-search&utm_medium=organic-search&utm_term=roses' };
    stubApi({
      'GET /search': () => jsonResponse(200, [tracked], { 'x-app-page-result-count': '1000' }),
      'GET /categories/search': () => jsonResponse(200, []),
    });
    renderWithApp(<SearchPage />, { route: '/search?query=roses', path: '/search' });
    expect(await screen.findByText('1,000+ results')).toBeDefined();
    expect(screen.getByRole('link', { name: 'Roses 4' }).getAttribute('href')).toBe(
      '/discussion/4/roses?utm_source=community-search&utm_medium=organic-search&utm_term=roses',
    );
  });

  it('says one result in the singular and asks nothing without a query', async () => {
    const calls = stubApi({
      'GET /search': () => jsonResponse(200, [result(3)], { 'x-app-page-result-count': '1' }),
      'GET /categories/search': () => jsonResponse(200, []),
    });
    renderWithApp(<SearchPage />, { route: '/search?query=rose', path: '/search' });
    expect(await screen.findByText('1 result')).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Categories' }));
    expect(calls.filter((call) => call.path === '/search').length).toBeGreaterThanOrEqual(1);
  });

  it('hydrates from the results the server rendered, without asking again', async () => {
    const calls = stubApi({ 'GET /categories/search': () => jsonResponse(200, []) });
    renderWithApp(<SearchPage />, {
      route: '/search?query=roses',
      path: '/search',
      bootstrap: {
        search: {
          params: { query: 'roses', page: 1, limit: 10, sort: 'relevance', queryOperator: 'and', expand: 'insertUser,breadcrumbs,excerpt,-body', recordTypes: 'discussion,comment' },
          results: [result(9)],
          total: 1,
        },
      },
    });
    expect(await screen.findByRole('link', { name: 'Roses 9' })).toBeDefined();
    expect(screen.getByText('1 result')).toBeDefined();
    expect(calls.filter((call) => call.path === '/search')).toHaveLength(0);
  });
});
