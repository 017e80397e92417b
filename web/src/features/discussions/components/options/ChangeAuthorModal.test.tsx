import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, member, permissionSet, renderWithApp } from '../../../../test/render.tsx';
import { discussionFixture } from '../page/test-fixtures.ts';
import { DiscussionOptionsMenu } from './DiscussionOptionsMenu.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

async function menuNames() {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Discussion Options' }));
  const menu = screen.getByRole('menu', { name: 'Discussion Options' });
  return { user, names: within(menu).getAllByRole('menuitem').map((item) => item.textContent) };
}

describe('Change Author (spec 000 §2, §6)', () => {
  it('is offered to site.manage and community.manage only', async () => {
    const view = renderWithApp(<DiscussionOptionsMenu discussion={discussionFixture({ insertUserID: 99 })} />, {
      bootstrap: { me: member, permissions: permissionSet(['session.valid', 'discussions.edit']) },
    });
    expect((await menuNames()).names).not.toContain('Change Author');
    view.unmount();
    renderWithApp(<DiscussionOptionsMenu discussion={discussionFixture({ insertUserID: 99 })} />, {
      bootstrap: { me: member, permissions: permissionSet(['session.valid', 'site.manage']) },
    });
    expect((await menuNames()).names).toContain('Change Author');
  });

  it('finds users by name prefix and patches insertUserID', async () => {
    const requests: { method: string; url: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init: RequestInit) => {
        requests.push({ method: init.method ?? 'GET', url, body: init.body });
        if (url.startsWith('/api/v2/users/by-names')) {
          return Promise.resolve(
            jsonResponse(200, [
              { userID: 21, name: 'rowan', photoUrl: '' },
              { userID: 22, name: 'rowena', photoUrl: '' },
            ]),
          );
        }
        return Promise.resolve(jsonResponse(200, discussionFixture({ insertUserID: 22 })));
      }),
    );
    renderWithApp(<DiscussionOptionsMenu discussion={discussionFixture({ insertUserID: 99 })} />, {
      bootstrap: { me: member, permissions: permissionSet(['session.valid', 'community.manage']) },
    });
    const { user } = await menuNames();
    await user.click(screen.getByRole('menuitem', { name: 'Change Author' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change Author' });
    await user.type(within(dialog).getByLabelText('Find a user'), 'row');
    await user.click(await within(dialog).findByRole('radio', { name: 'rowena' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The author has been changed.')).toBeTruthy();
    const search = new URL(requests[0]?.url ?? '', 'http://x');
    expect(search.pathname).toBe('/api/v2/users/by-names/');
    expect(search.searchParams.get('name')).toBe('row*');
    expect(search.searchParams.get('limit')).toBe('50');
    const patch = requests.find((request) => request.method === 'PATCH');
    expect(patch?.url).toMatch(/^\/api\/v2\/discussions\/12\b/);
    expect(JSON.parse(String(patch?.body))).toEqual({ insertUserID: 22 });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
