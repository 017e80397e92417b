import { test } from 'node:test';
import assert from 'node:assert/strict';
import { profileRouteOf } from './profiles.ts';

test('profileRouteOf: the spec 000 §2 profile routes and their /p{n} pages', () => {
  assert.deepEqual(profileRouteOf('/profile/ann'), { name: 'ann', tab: 'activity', page: 1 });
  assert.deepEqual(profileRouteOf('/profile/J%C3%BCrgen/'), { name: 'Jürgen', tab: 'activity', page: 1 });
  assert.deepEqual(profileRouteOf('/profile/discussions/ann'), { name: 'ann', tab: 'discussions', page: 1 });
  assert.deepEqual(profileRouteOf('/profile/comments/ann/p3'), { name: 'ann', tab: 'comments', page: 3 });
  assert.deepEqual(profileRouteOf('/profile/bookmarks/ann/p2'), { name: 'ann', tab: 'bookmarks', page: 2 });
  assert.deepEqual(profileRouteOf('/profile/reactions/ann'), { name: 'ann', tab: 'reactions', page: 1 });
});

test('profileRouteOf: reserved pages, unknown tabs and bad pages are not profiles', () => {
  for (const path of [
    '/profile/edit',
    '/profile/notifications',
    '/profile/preferences',
    '/profile/followed-content',
    '/profile',
    '/profile/unknown/ann',
    '/profile/comments/ann/page2',
    '/profile/comments/ann/p2/extra',
    '/profile/%E0%A4%A',
    '/discussions',
  ]) {
    assert.equal(profileRouteOf(path), null, path);
  }
});
