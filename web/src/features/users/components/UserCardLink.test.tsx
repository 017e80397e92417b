import { cleanup, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../../../../common/src/api/users.ts';
import { jsonResponse, member, permissionSet, renderWithApp } from '../../../test/render.tsx';
import { stubApi } from '../../admin/test/fetch-router.ts';
import { UserCardLink } from './UserCardLink.tsx';

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
  url: 'http://localhost/profile/ann',
  title: 'Gardener',
  dateInserted: '2025-01-02T10:00:00+00:00',
  dateLastActive: '2026-03-01T12:00:00+00:00',
  countDiscussions: 3,
  countComments: 1,
};

function renderCard(answer: () => Response, options: { canMessage?: boolean } = {}) {
  const calls = stubApi({ 'GET /users/12': answer });
  renderWithApp(<UserCardLink user={{ userID: 12, name: 'ann' }} />, {
    bootstrap: {
      me: member,
      permissions: permissionSet(options.canMessage === false ? [] : ['conversations.add']),
      config: { 'context.conversationsEnabled': true },
    },
  });
  return calls;
}

describe('UserCardLink', { timeout: 20_000 }, () => {
  it('links to the profile and opens the card on click: counts, title, View Profile, Message', async () => {
    const calls = renderCard(() => jsonResponse(200, ann));
    const link = screen.getByRole('link', { name: 'ann' });
    expect(link.getAttribute('href')).toBe('/profile/ann');
    expect(link.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(link);
    const card = await screen.findByRole('dialog', { name: 'ann' });
    expect(card).toBeDefined();
    expect(await screen.findByText('Gardener')).toBeDefined();
    expect(screen.getByText('3')).toBeDefined();
    expect(screen.getByRole('link', { name: 'View Profile' }).getAttribute('href')).toBe('/profile/ann');
    expect(screen.getByRole('link', { name: 'Message' }).getAttribute('href')).toBe('/messages/add/ann');
    expect(calls[0]?.search.get('expand')).toBe('all');
  });

  it('opens from the keyboard and closes on Escape, focus back on the name', async () => {
    renderCard(() => jsonResponse(200, ann));
    const link = screen.getByRole('link', { name: 'ann' });
    link.focus();
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('dialog', { name: 'ann' });
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(link);
  });

  it('shows the private (name and photo only), banned, deleted and failure states', async () => {
    const cases: [() => Response, string, boolean][] = [
      [() => jsonResponse(200, { userID: 12, name: 'ann', photoUrl: '', profilePhotoUrl: '', banned: 0, private: true }), "This user's profile is private.", true],
      [() => jsonResponse(200, { ...ann, banned: 1 }), 'This user has been banned.', false],
      [() => jsonResponse(404, { message: 'User not found.', status: 404 }), 'This user has been deleted.', false],
      [() => jsonResponse(500, { message: 'Oops', status: 500 }), 'Failed to load user', false],
    ];
    for (const [answer, text, canMessage] of cases) {
      renderCard(answer);
      await userEvent.click(screen.getByRole('link', { name: 'ann' }));
      expect(await screen.findByText(text)).toBeDefined();
      if (text.includes('private')) expect(screen.queryByText('Discussions')).toBeNull();
      expect(screen.queryByRole('link', { name: 'Message' }) !== null).toBe(canMessage);
      cleanup();
      vi.unstubAllGlobals();
    }
  });

  it('no Message button without conversations.add', async () => {
    renderCard(() => jsonResponse(200, ann), { canMessage: false });
    await userEvent.click(screen.getByRole('link', { name: 'ann' }));
    expect(await screen.findByRole('link', { name: 'View Profile' })).toBeDefined();
    expect(screen.queryByRole('link', { name: 'Message' })).toBeNull();
  });

  it('a deleted author (userID 0) is plain text', () => {
    renderWithApp(<UserCardLink user={{ userID: 0, name: 'Deleted User' }} />);
    expect(screen.getByText('Deleted User').tagName).toBe('SPAN');
    expect(screen.queryByRole('link')).toBeNull();
  });
});
