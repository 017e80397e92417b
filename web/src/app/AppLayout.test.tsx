import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { member, renderWithApp } from '../test/render.tsx';
import { AppLayout } from './AppLayout.tsx';

// Issue 11 item 21: the frame of every page tells a banned member why, and offers nothing the API
// would refuse them.
describe('AppLayout for a banned member', () => {
  it('shows "You are banned." with Sign Out, and no offer to resend the confirmation e-mail', async () => {
    renderWithApp(<AppLayout />, {
      bootstrap: { me: { ...member, emailConfirmed: false, banned: 1 }, transientKey: 'tk' },
      route: '/discussions',
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'You are banned.' })).toBeDefined();
    expect(screen.getByRole('link', { name: 'Sign Out' }).getAttribute('href')).toMatch(
      /^\/entry\/signout\?TransientKey=tk/,
    );
    expect(screen.queryAllByText('Resend confirmation email')).toEqual([]);
  });

  it('an unconfirmed member who is not banned gets the page and the e-mail toast', async () => {
    renderWithApp(<AppLayout />, {
      bootstrap: { me: { ...member, emailConfirmed: false }, transientKey: 'tk' },
      route: '/discussions',
    });
    expect((await screen.findAllByText('Resend confirmation email')).length).toBeGreaterThan(0);
    expect(screen.queryByText('You are banned.')).toBeNull();
  });
});
