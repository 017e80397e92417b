import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { member, permissionSet, renderWithApp } from '../../test/render.tsx';
import { TitleBar } from './TitleBar.tsx';

afterEach(() => {
  vi.useRealTimers();
});

function titleBar() {
  return screen.getByRole('banner');
}

describe('TitleBar', () => {
  it('shows a guest Sign In (with the current page as target) and Register', () => {
    renderWithApp(<TitleBar />, { route: '/discussions?page=2' });
    const bar = within(titleBar());
    expect(bar.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe(
      `/entry/signin?target=${encodeURIComponent('/discussions?page=2')}`,
    );
    expect(bar.getByRole('link', { name: 'Register' }).getAttribute('href')).toBe(
      `/entry/register?target=${encodeURIComponent('/discussions?page=2')}`,
    );
    expect(bar.queryByRole('button', { name: 'My Account' })).toBeNull();
  });

  it('adds no target on /entry pages', () => {
    renderWithApp(<TitleBar />, { route: '/entry/register' });
    expect(within(titleBar()).getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe(
      '/entry/signin',
    );
  });

  it('hides Register when the registration URL setting is empty', () => {
    renderWithApp(<TitleBar />, { bootstrap: { config: { registrationUrl: '' } } });
    expect(within(titleBar()).queryByRole('link', { name: 'Register' })).toBeNull();
  });

  it('has a skip-to-content link first and a logo linking home', () => {
    renderWithApp(<TitleBar />);
    const links = within(titleBar()).getAllByRole('link');
    expect(links[0]?.textContent).toBe('Skip to content');
    expect(links[0]?.getAttribute('href')).toBe('#content');
    expect(within(titleBar()).getByRole('link', { name: 'Hearth home' }).getAttribute('href')).toBe(
      '/',
    );
  });

  it('shows the default navigation when none is configured', () => {
    renderWithApp(<TitleBar />);
    const navigation = within(screen.getByRole('navigation', { name: 'Main' }));
    expect(navigation.getByRole('link', { name: 'Posts' }).getAttribute('href')).toBe(
      '/discussions',
    );
    expect(navigation.getByRole('link', { name: 'Categories' }).getAttribute('href')).toBe(
      '/categories',
    );
  });

  it('filters configured items by permission, roles and isHidden', () => {
    renderWithApp(<TitleBar />, {
      bootstrap: {
        me: member,
        permissions: permissionSet(['session.valid']),
        config: {
          'navigation.items': [
            { id: 'a', name: 'Help', url: '/help' },
            { id: 'b', name: 'Dashboard', url: '/dashboard', permission: 'site.manage' },
            { id: 'c', name: 'Members', url: '/members', roleIDs: [8] },
            { id: 'd', name: 'Staff', url: '/staff', roleIDs: [16] },
            { id: 'e', name: 'Gone', url: '/gone', isHidden: true },
            { id: 'f', name: 'Bad', url: 'javascript:alert(1)' },
          ],
        },
      },
    });
    const navigation = within(screen.getByRole('navigation', { name: 'Main' }));
    expect(navigation.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Help',
      'Members',
    ]);
  });

  it('opens a mega menu on hover and focus, closes 250 ms after leaving and hides 200 ms later', () => {
    vi.useFakeTimers();
    renderWithApp(<TitleBar />, {
      bootstrap: {
        config: {
          'navigation.items': [
            {
              id: 'help',
              name: 'Help',
              url: '/help',
              children: [
                {
                  id: 'guides',
                  name: 'Guides',
                  url: '/guides',
                  children: [{ id: 'start', name: 'Getting started', url: '/start' }],
                },
              ],
            },
          ],
        },
      },
    });
    const trigger = screen.getByRole('link', { name: 'Help' });
    const item = trigger.closest('li');
    expect(item).not.toBeNull();
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('link', { name: 'Getting started' })).toBeNull();

    fireEvent.mouseEnter(item as HTMLElement);
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('link', { name: 'Getting started' }).getAttribute('href')).toBe(
      '/start',
    );

    fireEvent.mouseLeave(item as HTMLElement);
    act(() => {
      vi.advanceTimersByTime(249);
    });
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByRole('link', { name: 'Getting started', hidden: true })).toBeDefined();
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(screen.queryByRole('link', { name: 'Getting started' })).toBeNull();

    fireEvent.focus(trigger);
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(trigger, { key: 'Escape' });
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
  });

  it('gives signed-in users the My Account flyout with profile, edit profile and sign out', async () => {
    const user = userEvent.setup();
    renderWithApp(<TitleBar />, {
      route: '/categories',
      bootstrap: { me: member, transientKey: 'tk123' },
    });
    expect(within(titleBar()).queryByRole('link', { name: 'Sign In' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'My Account' }));
    const panel = within(screen.getByRole('group', { name: 'My Account' }));
    expect(panel.getByText('ember')).toBeDefined();
    expect(panel.getByRole('link', { name: 'Profile' }).getAttribute('href')).toBe(
      '/profile/ember',
    );
    expect(panel.getByRole('link', { name: 'Edit Profile' }).getAttribute('href')).toBe(
      '/profile/edit',
    );
    expect(panel.getByRole('link', { name: 'Sign Out' }).getAttribute('href')).toBe(
      `/entry/signout?TransientKey=tk123&Target=${encodeURIComponent('/categories')}`,
    );
  });

  it('opens the Site Navigation side panel from the hamburger', async () => {
    const user = userEvent.setup();
    renderWithApp(<TitleBar />);
    const button = screen.getByRole('button', { name: 'Site Navigation' });
    await user.click(button);
    const dialog = within(screen.getByRole('dialog', { name: 'Site Navigation' }));
    expect(dialog.getByRole('link', { name: 'Posts' })).toBeDefined();
    expect(dialog.getByRole('link', { name: 'Sign In' })).toBeDefined();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it.each([
    ['sticky solid', true, 'sticky', 'solid'],
    ['sticky transparent', true, 'sticky', 'transparent'],
    ['static solid', true, 'static', 'solid'],
    ['static transparent', true, 'static', 'transparent'],
    // Without a banner to sit on, a transparent bar stays solid.
    ['sticky transparent', false, 'sticky', 'solid'],
  ])('title bar mode %s (banner: %s)', (mode, hasBanner, position, background) => {
    renderWithApp(<TitleBar hasBanner={hasBanner} />, {
      bootstrap: { config: { 'titleBar.mode': mode } },
    });
    expect(titleBar().dataset.position).toBe(position);
    expect(titleBar().dataset.background).toBe(background);
  });
});
