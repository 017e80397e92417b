import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, member, permissionSet, renderWithApp } from '../../../../test/render.tsx';
import { discussionFixture, discussionPermissionsFixture } from '../page/test-fixtures.ts';
import { DiscussionOptionsMenu } from './DiscussionOptionsMenu.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

async function openMenu() {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Discussion Options' }));
  const menu = screen.getByRole('menu', { name: 'Discussion Options' });
  const names = [...menu.querySelectorAll('[role="menuitem"], [role="menuitemcheckbox"]')].map(
    (item) => item.textContent,
  );
  return { user, menu, names };
}

describe('DiscussionOptionsMenu (spec 000 §6)', () => {
  it('shows nothing to guests', () => {
    renderWithApp(<DiscussionOptionsMenu discussion={discussionFixture()} />);
    expect(screen.queryByRole('button', { name: 'Discussion Options' })).toBeNull();
  });

  it('gives a member mute on others’ discussions, and edit, tag and close-own on their own', async () => {
    const recent = new Date(Date.now() - 60_000).toISOString();
    const view = renderWithApp(
      <DiscussionOptionsMenu discussion={discussionFixture({ insertUserID: 99 })} />,
      {
        bootstrap: {
          me: member,
          permissions: permissionSet(['session.valid', 'discussions.closeOwn']),
        },
      },
    );
    expect((await openMenu()).names).toEqual(['Mute']);
    view.unmount();
    renderWithApp(
      <DiscussionOptionsMenu discussion={discussionFixture({ dateInserted: recent })} />,
      {
        bootstrap: {
          me: member,
          permissions: permissionSet(['session.valid', 'discussions.closeOwn']),
          config: { 'tagging.enabled': true },
        },
      },
    );
    expect((await openMenu()).names).toEqual(['Edit', 'Tag', 'Mute', 'Close']);
  });

  it('gives a moderator every group, with separators between them', async () => {
    renderWithApp(
      <DiscussionOptionsMenu
        discussion={discussionFixture({ insertUserID: 99, pinned: true, closed: true })}
      />,
      {
        bootstrap: {
          me: member,
          permissions: permissionSet([
            'session.valid',
            'community.moderate',
            'community.manage',
            'curation.manage',
            'staff.allow',
            'discussions.edit',
            'discussions.delete',
            'discussions.announce',
            'discussions.close',
            'discussions.sink',
            'discussions.moderate',
          ]),
          config: { 'triage.enabled': true, 'tagging.enabled': true },
        },
      },
    );
    const { menu, names } = await openMenu();
    expect(names).toEqual([
      'Edit',
      'Delete',
      'Move',
      'Change Type',
      'Tag',
      'Resolve',
      'Announce',
      'Change Author',
      'Add to Collection',
      'Mute',
      'Dismiss',
      'Bump',
      'Sink',
      'Reopen',
      'Revision History',
    ]);
    expect(within(menu).getAllByRole('separator')).toHaveLength(3);
    expect(
      within(menu).getByRole('menuitem', { name: 'Revision History' }).getAttribute('href'),
    ).toBe('/log/filter?recordType=discussion&recordID=12');
  });

  it('follows the record permissions map when the server sends it', async () => {
    renderWithApp(
      <DiscussionOptionsMenu
        discussion={discussionFixture({
          insertUserID: 99,
          permissions: discussionPermissionsFixture(['discussions.delete']),
        })}
      />,
      {
        bootstrap: {
          me: member,
          permissions: permissionSet(['session.valid', 'discussions.close']),
        },
      },
    );
    expect((await openMenu()).names).toEqual(['Delete', 'Mute']);
  });

  it('mutes with the spec toast and disables the toggle while it runs', async () => {
    let answer: (response: Response) => void = () => undefined;
    const fetchMock = vi.fn(
      (_url: string, _init?: RequestInit) => new Promise<Response>((resolve) => (answer = resolve)),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderWithApp(<DiscussionOptionsMenu discussion={discussionFixture({ insertUserID: 99 })} />, {
      bootstrap: { me: member, permissions: permissionSet(['session.valid']) },
    });
    const { user, menu } = await openMenu();
    await user.click(within(menu).getByRole('menuitem', { name: 'Mute' }));
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/v2/discussions/12/mute');
    expect(JSON.parse(String(init?.body))).toEqual({ muted: true });
    await user.click(screen.getByRole('button', { name: 'Discussion Options' }));
    expect(screen.getByRole('menuitem', { name: 'Mute' }).getAttribute('aria-disabled')).toBe(
      'true',
    );
    answer(jsonResponse(200, { muted: true }));
    expect(await screen.findByText('Discussion has been muted.')).toBeDefined();
  });

  it('shows a failed bump as a persistent toast with the error description (spec 001 §8.3)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(403, {
          message: 'Permission Problem',
          status: 403,
          description: 'You need the curation.manage permission to do that.',
        }),
      ),
    );
    renderWithApp(<DiscussionOptionsMenu discussion={discussionFixture({ insertUserID: 99 })} />, {
      bootstrap: { me: member, permissions: permissionSet(['session.valid', 'curation.manage']) },
    });
    const { user, menu } = await openMenu();
    await user.click(within(menu).getByRole('menuitem', { name: 'Bump' }));
    expect(
      await screen.findByText('You need the curation.manage permission to do that.'),
    ).toBeDefined();
  });

  it('moves between items with the arrow keys and closes on Escape', async () => {
    renderWithApp(<DiscussionOptionsMenu discussion={discussionFixture({ insertUserID: 99 })} />, {
      bootstrap: { me: member, permissions: permissionSet(['session.valid', 'curation.manage']) },
    });
    const user = userEvent.setup();
    const button = screen.getByRole('button', { name: 'Discussion Options' });
    button.focus();
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('Mute');
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('Bump');
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('Mute');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
  });
});
