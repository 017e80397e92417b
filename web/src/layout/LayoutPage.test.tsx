import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { HydratedLayout, LayoutLookup } from '../../../common/src/api/layouts.ts';
import { layoutLookupForPath } from '../../../common/src/api/layouts.lookup.ts';
import { jsonResponse, renderWithApp } from '../test/render.tsx';
import { LayoutPage } from './LayoutPage.tsx';
import { registeredLazyWidgets } from './registry.ts';
import { discussionFixture } from './test-fixtures.ts';

function layoutWithList(title: string): HydratedLayout {
  return {
    layoutID: 'discussionList',
    name: 'Discussions',
    layoutViewType: 'discussionList',
    isDefault: true,
    titleBar: { $reactComponent: 'TitleBar', $reactProps: {} },
    contexts: [],
    seo: { title: 'Recent Discussions', description: '', meta: [], links: [], 'json-ld': [] },
    layout: [
      {
        $reactComponent: 'SectionTwoColumns',
        $reactProps: {
          breadcrumbs: [
            {
              $reactComponent: 'Breadcrumbs',
              $reactProps: { crumbs: [{ name: 'Home', url: '/' }, { name: 'Discussions', url: '/discussions' }] },
            },
          ],
          mainTop: [
            {
              $reactComponent: 'DiscussionList',
              $reactProps: {
                title: 'Recent Discussions',
                headingLevel: 1,
                discussions: [discussionFixture({ name: title })],
                paging: { page: 1, limit: 30, total: 1 },
              },
            },
          ],
        },
      },
    ],
  };
}

const listLookup = layoutLookupForPath('/discussions', '') as LayoutLookup;

// Widgets load lazily: the first import of a widget module can take a while in a cold test run.
const lazy = { timeout: 8000 };

// Load every lazy widget's module once before the tests (a cold transform of the widgets' modules
// can take longer than a test's own timeout on a loaded machine); the tests then render without waiting on it.
beforeAll(async () => {
  await Promise.all([...registeredLazyWidgets().values()].map((widget) => widget.preload()));
}, 120_000);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('LayoutPage', () => {
  it('renders the layout the server hydrated without fetching it again', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderWithApp(<LayoutPage />, {
      route: '/discussions',
      bootstrap: { layout: { lookup: listLookup, result: layoutWithList('From the server') } },
    });
    expect(await screen.findByRole('link', { name: 'From the server' }, lazy)).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('fetches lookup-hydrate for a page the server did not hydrate', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(200, layoutWithList('From the API')));
    vi.stubGlobal('fetch', fetchMock);
    renderWithApp(<LayoutPage />, { route: '/discussions?sort=-score&page=2' });
    expect(await screen.findByRole('link', { name: 'From the API' }, lazy)).toBeTruthy();
    const url = new URL(String((fetchMock.mock.calls[0] as unknown[])[0]), 'http://hearth.test');
    expect(url.pathname).toBe('/api/v2/layouts/lookup-hydrate');
    expect(url.searchParams.get('layoutViewType')).toBe('discussionList');
    expect(url.searchParams.get('recordType')).toBe('siteSection');
    expect(url.searchParams.get('params[sort]')).toBe('-score');
    expect(url.searchParams.get('params[page]')).toBe('2');
  });

  it('shows "Discussion Not Found" when the discussion does not exist', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(404, { message: 'Discussion not found.', status: 404 })));
    renderWithApp(<LayoutPage />, { route: '/discussion/404/missing' });
    expect(await screen.findByRole('heading', { name: 'Discussion Not Found' })).toBeTruthy();
    expect(screen.getByText('The discussion you were looking for could not be found.')).toBeTruthy();
  });

  it('shows the server’s error for this page (403 Permission Problem) without a request', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const lookup = layoutLookupForPath('/categories/staff-room', '') as LayoutLookup;
    renderWithApp(<LayoutPage />, {
      route: '/categories/staff-room',
      bootstrap: { layout: { lookup, error: { status: 403, message: 'Permission Problem' } } },
    });
    expect(await screen.findByRole('heading', { name: 'Permission Problem' })).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a failing widget shows its message and the rest of the layout stays', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const layout = layoutWithList('Still here');
    layout.layout.push({ $reactComponent: 'Banner', $reactProps: { title: 42 as unknown as string, description: { bad: true } } });
    vi.stubGlobal('fetch', vi.fn());
    renderWithApp(<LayoutPage />, { route: '/discussions', bootstrap: { layout: { lookup: listLookup, result: layout } } });
    expect(await screen.findByRole('link', { name: 'Still here' }, lazy)).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('There was a problem loading Banner'), lazy);
  });
});

describe('layoutLookupForPath', () => {
  it('maps the layout routes to lookups (spec 000 §2)', () => {
    expect(layoutLookupForPath('/', '')).toEqual({ layoutViewType: 'home', recordType: 'siteSection', recordID: '0', params: {} });
    expect(layoutLookupForPath('/discussions', '?tagID=4&page=2')?.params).toEqual({ tagID: '4', page: '2' });
    expect(layoutLookupForPath('/discussions/p2', '?tagID=4')?.params).toEqual({ tagID: '4', page: '2' });
    expect(layoutLookupForPath('/discussions/two', '')).toBeNull();
    expect(layoutLookupForPath('/categories/garden/p3', '?sort=-hot')).toEqual({
      layoutViewType: 'categoryList',
      recordType: 'category',
      recordID: 'garden',
      params: { categoryID: 'garden', page: '3', sort: '-hot' },
    });
    expect(layoutLookupForPath('/categories/garden', '?page=2')?.params.page).toBe('2');
    expect(layoutLookupForPath('/discussion/7', '')?.params).toEqual({ discussionID: '7' });
    expect(layoutLookupForPath('/discussion/7/p2', '')?.params).toEqual({ discussionID: '7', page: '2' });
    expect(layoutLookupForPath('/discussion/7/any-slug/p1', '?sort=-score')?.params).toEqual({ discussionID: '7', sort: '-score' });
    expect(layoutLookupForPath('/discussion/comment/9', '')).toEqual({
      layoutViewType: 'post',
      recordType: 'comment',
      recordID: '9',
      params: { commentID: '9' },
    });
    expect(layoutLookupForPath('/discussion/abc', '')).toBeNull();
    expect(layoutLookupForPath('/categories/garden/page-two', '')).toBeNull();
  });
});
