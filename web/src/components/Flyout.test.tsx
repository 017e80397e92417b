import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../test/render.tsx';
import { Flyout } from './Flyout.tsx';

function TwoFlyouts() {
  return (
    <div>
      <Flyout label="Notifications">
        <p>No notifications</p>
      </Flyout>
      <Flyout label="My Account">
        <a href="/profile/edit">Edit Profile</a>
      </Flyout>
      <button type="button">Elsewhere</button>
    </div>
  );
}

describe('Flyout (spec 000 §4)', () => {
  it('toggles on button click', async () => {
    const user = userEvent.setup();
    renderWithApp(<TwoFlyouts />);
    const button = screen.getByRole('button', { name: 'My Account' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    await user.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('link', { name: 'Edit Profile' })).toBeDefined();
    await user.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('link', { name: 'Edit Profile' })).toBeNull();
  });

  it('closes on Escape and returns focus to its button', async () => {
    const user = userEvent.setup();
    renderWithApp(<TwoFlyouts />);
    const button = screen.getByRole('button', { name: 'My Account' });
    await user.click(button);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Edit Profile' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('link', { name: 'Edit Profile' })).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('closes the others when one opens', async () => {
    const user = userEvent.setup();
    renderWithApp(<TwoFlyouts />);
    await user.click(screen.getByRole('button', { name: 'Notifications' }));
    expect(screen.getByText('No notifications')).toBeDefined();
    await user.click(screen.getByRole('button', { name: 'My Account' }));
    expect(screen.queryByText('No notifications')).toBeNull();
    expect(
      screen.getByRole('button', { name: 'Notifications' }).getAttribute('aria-expanded'),
    ).toBe('false');
  });

  it('closes on a click outside', async () => {
    const user = userEvent.setup();
    renderWithApp(<TwoFlyouts />);
    await user.click(screen.getByRole('button', { name: 'My Account' }));
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(screen.queryByRole('link', { name: 'Edit Profile' })).toBeNull();
  });
});
