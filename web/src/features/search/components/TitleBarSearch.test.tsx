import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithApp } from '../../../test/render.tsx';
import { stubApi } from '../../admin/test/fetch-router.ts';
import { TitleBarSearch } from './TitleBarSearch.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('TitleBarSearch', { timeout: 20_000 }, () => {
  it('suggests results after the autocomplete delay and moves through them with the arrows', async () => {
    const calls = stubApi({
      'GET /search': () =>
        jsonResponse(200, [
          { recordType: 'discussion', type: 'discussion', recordID: 4, name: 'Roses in spring', url: 'http://localhost/discussion/4/roses', isForeign: false, subqueryMatchCount: 1 },
          { recordType: 'category', type: 'category', recordID: 2, name: 'Rose growers', url: 'http://localhost/categories/roses', isForeign: false, subqueryMatchCount: 1 },
        ]),
    });
    renderWithApp(<TitleBarSearch />, { route: '/' });
    const box = screen.getByRole('combobox', { name: 'Search' });
    fireEvent.focus(box);
    fireEvent.change(box, { target: { value: 'ros' } });
    expect(await screen.findByRole('option', { name: /Roses in spring/ })).toBeDefined();
    const request = calls.find((call) => call.path === '/search')?.search;
    expect(request?.get('query')).toBe('ros');
    expect(request?.get('limit')).toBe('10');
    expect(request?.get('includeTypeaheads')).toBe('true');
    expect(box.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(screen.getByRole('option', { name: /Rose growers/ }).getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(box, { key: 'Escape' });
    expect((box as HTMLInputElement).value).toBe('');
  });
});
