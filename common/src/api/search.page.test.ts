import { describe, expect, it } from 'vitest';
import { readSearchState, searchStateParams, toSearchParams } from './search-params.ts';

describe('search page parameters', () => {
  it('reads the address, falls back on bad values, and writes back only what differs from the defaults', () => {
    const state = readSearchState(
      new URLSearchParams('query=roses&domain=bogus&page=-3&sort=-dateInserted&categoryID=7&includeChildCategories=true&authors=Ann,%20Bob&startDate=2026-01-01&endDate=nope'),
    );
    expect(state).toMatchObject({ query: 'roses', domain: 'all_content', page: 1, sort: '-dateInserted', categoryID: 7, authors: ['Ann', 'Bob'], startDate: '2026-01-01', endDate: '' });
    expect(searchStateParams(state)).toEqual({
      query: 'roses',
      domain: undefined,
      page: undefined,
      sort: '-dateInserted',
      queryOperator: undefined,
      name: undefined,
      categoryID: 7,
      includeChildCategories: 'true',
      followedCategories: undefined,
      authors: 'Ann,Bob',
      tags: undefined,
      tagOperator: undefined,
      startDate: '2026-01-01',
      endDate: undefined,
    });
  });

  it('sends the filters of the all-content domain and drops them for members', () => {
    const state = readSearchState(new URLSearchParams('query=roses&name=true&categoryID=7&tags=a,b&tagOperator=and&startDate=2026-01-01&endDate=2026-02-01'));
    expect(toSearchParams(state)).toMatchObject({
      name: 'roses',
      categoryID: 7,
      tags: ['a', 'b'],
      tagOperator: 'and',
      dateInserted: '[2026-01-01,2026-02-01]',
      recordTypes: ['discussion', 'comment'],
    });
    const members = toSearchParams({ ...state, domain: 'user' });
    expect(members).toMatchObject({ query: 'roses', recordTypes: ['user'] });
    expect(members.categoryID).toBeUndefined();
  });
});
