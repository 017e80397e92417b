import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../../../../common/src/api/users.ts';
import { jsonResponse, member, permissionSet, renderWithApp } from '../../../test/render.tsx';
import { stubApi } from '../../admin/test/fetch-router.ts';
import { ProfilePage } from './ProfilePage.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const ann: User = {
  userID: 12,
  name: 'ann',
  photoUrl: '',
  profilePhotoUrl: '',
  banned: 0,
  private: false,
  title: 'Gardener',
  profileFields: { location: 'Lyon', about: 'I grow tomatoes.' },
  dateInserted: '2025-01-02T10:00:00+00:00',
  dateLastActive: null,
  countDiscussions: 0,
  countComments: 1,
};

const comment = {
  commentID: 5,
  discussionID: 3,
  name: 'Re: Tomatoes',
  body: '<p>Water them daily.</p>',
  dateInserted: '2026-03-01T12:00:00+00:00',
  url: 'http://localhost/discussion/comment/5',
};

describe('ProfilePage', { timeout: 20_000 }, () => {
  it('renders the server-rendered user and the comments tab page from the bootstrap, no fetch', () => {
    const calls = stubApi({});
    renderWithApp(<ProfilePage />, {
      route: '/profile/comments/ann/p2',
      path: '/profile/:tab/:name/:page',
      bootstrap: {
        me: member,
        permissions: permissionSet(['session.valid']),
        profile: {
          name: 'ann',
          user: ann,
          lists: [
            {
              kind: 'comments',
              userID: 12,
              page: 2,
              limit: 30,
              data: { items: [comment], paging: { total: 31 } },
            },
          ],
        },
      },
    });
    expect(screen.getByRole('heading', { level: 1, name: 'ann' })).toBeDefined();
    expect(screen.getByText('Gardener')).toBeDefined();
    expect(screen.getByText('I grow tomatoes.')).toBeDefined();
    expect(screen.getByRole('link', { name: 'Re: Tomatoes' }).getAttribute('href')).toBe(
      '/discussion/comment/5',
    );
    expect(screen.getByRole('link', { name: 'Comments' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(screen.getByRole('link', { name: /Previous/ }).getAttribute('href')).toBe(
      '/profile/comments/ann',
    );
    // Bookmarks and Edit Profile are the owner's only.
    expect(screen.queryByRole('link', { name: 'Bookmarks' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Edit Profile' })).toBeNull();
    expect(calls).toEqual([]);
  });

  it('a private profile (minimal user) shows name, photo and the private notice, no tabs', () => {
    stubApi({});
    renderWithApp(<ProfilePage />, {
      route: '/profile/bea',
      path: '/profile/:name',
      bootstrap: {
        profile: {
          name: 'bea',
          user: {
            userID: 13,
            name: 'bea',
            photoUrl: '',
            profilePhotoUrl: '',
            banned: 0,
            private: true,
          },
        },
      },
    });
    expect(screen.getByRole('heading', { level: 1, name: 'bea' })).toBeDefined();
    expect(screen.getByText("This user's profile is private.")).toBeDefined();
    expect(screen.queryByRole('navigation', { name: 'Profile' })).toBeNull();
  });

  it('an unknown name the server looked up is the User Not Found page', () => {
    const calls = stubApi({});
    renderWithApp(<ProfilePage />, {
      route: '/profile/nobody',
      path: '/profile/:name',
      bootstrap: {
        profile: { name: 'nobody', error: { status: 404, message: 'User not found.' } },
      },
    });
    expect(screen.getByRole('heading', { level: 1, name: 'User Not Found' })).toBeDefined();
    expect(calls).toEqual([]);
  });

  it('the owner sees Bookmarks, Followed Content and Edit Profile; the reactions tab lists reacted posts', async () => {
    stubApi({
      'GET /users/7/reacted': () =>
        jsonResponse(200, [
          {
            name: 'Tomatoes',
            body: '<p>Hi</p>',
            format: 'markdown',
            insertUserID: 7,
            dateInserted: '2026-03-01T12:00:00+00:00',
            recordID: 3,
            recordType: 'Discussion',
            url: 'http://localhost/discussion/3/tomatoes',
          },
        ]),
    });
    renderWithApp(<ProfilePage />, {
      route: '/profile/reactions/ember?reaction=like',
      path: '/profile/:tab/:name',
      bootstrap: {
        me: member,
        permissions: permissionSet(['session.valid']),
        profile: { name: 'ember', user: { ...ann, userID: 7, name: 'ember' } },
      },
    });
    expect(screen.getByRole('link', { name: 'Bookmarks' })).toBeDefined();
    expect(screen.getByRole('link', { name: 'Followed Content' })).toBeDefined();
    expect(screen.getByRole('link', { name: 'Edit Profile' })).toBeDefined();
    expect(await screen.findByRole('link', { name: 'Tomatoes' })).toBeDefined();
  });
});
