import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { member, renderWithApp } from '../../../test/render.tsx';
import { UnconfirmedEmailToast } from './UnconfirmedEmailToast.tsx';

describe('UnconfirmedEmailToast (spec 000 §6)', () => {
  it('shows the persistent toast with the resend link to an unconfirmed member', async () => {
    renderWithApp(<UnconfirmedEmailToast />, {
      bootstrap: { me: { ...member, emailConfirmed: false } },
    });
    expect(await screen.findByText('Your email address is not confirmed.')).toBeDefined();
    expect(
      screen.getByRole('link', { name: 'Resend confirmation email' }).getAttribute('href'),
    ).toBe('/entry/emailconfirmrequest');
  });

  it('stays away from confirmed members, guests and sites without confirmation', () => {
    renderWithApp(<UnconfirmedEmailToast />, { bootstrap: { me: member } });
    renderWithApp(<UnconfirmedEmailToast />);
    renderWithApp(<UnconfirmedEmailToast />, {
      bootstrap: {
        me: { ...member, emailConfirmed: false },
        config: { 'registration.confirmEmail': false },
      },
    });
    expect(screen.queryByText('Your email address is not confirmed.')).toBeNull();
  });
});
