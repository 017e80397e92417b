import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readSearchState, searchQueryValues, searchStateParams, toSearchParams } from './search.page.ts';

test('the search page reads its address, falls back on bad values, and writes back what differs from the defaults', () => {
  const state = readSearchState(
    new URLSearchParams('query=roses&domain=bogus&page=-3&sort=-dateInserted&categoryID=7&includeChildCategories=true&authors=Ann,%20Bob&startDate=2026-01-01&endDate=nope'),
  );
  assert.equal(state.query, 'roses');
  assert.equal(state.domain, 'all_content');
  assert.equal(state.page, 1);
  assert.equal(state.sort, '-dateInserted');
  assert.equal(state.categoryID, 7);
  assert.deepEqual(state.authors, ['Ann', 'Bob']);
  assert.equal(state.startDate, '2026-01-01');
  assert.equal(state.endDate, '');
  assert.deepEqual(
    Object.fromEntries(Object.entries(searchStateParams(state)).filter(([, value]) => value !== undefined)),
    { query: 'roses', sort: '-dateInserted', categoryID: 7, includeChildCategories: 'true', authors: 'Ann,Bob', startDate: '2026-01-01' },
  );
});

test('the all-content domain sends its filters; members and categories take only the query', () => {
  const state = readSearchState(new URLSearchParams('query=roses&name=true&categoryID=7&tags=a,b&tagOperator=and&startDate=2026-01-01&endDate=2026-02-01'));
  const params = toSearchParams(state);
  assert.equal(params.name, 'roses');
  assert.equal(params.query, undefined);
  assert.equal(params.categoryID, 7);
  assert.deepEqual(params.tags, ['a', 'b']);
  assert.equal(params.tagOperator, 'and');
  assert.equal(params.dateInserted, '[2026-01-01,2026-02-01]');
  assert.deepEqual(params.recordTypes, ['discussion', 'comment']);
  const members = toSearchParams({ ...state, domain: 'user' });
  assert.equal(members.query, 'roses');
  assert.deepEqual(members.recordTypes, ['user']);
  assert.equal(members.categoryID, undefined);
  assert.deepEqual(searchQueryValues({ query: 'a', tags: [], expand: ['x', 'y'], page: 2 }), { query: 'a', expand: 'x,y', page: 2 });
});
