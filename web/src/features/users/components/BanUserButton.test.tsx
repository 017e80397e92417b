import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../../../../common/src/api/users.ts';
import { jsonResponse, member, permissionSet, renderWithApp } from '../../../test/render.tsx';
import { stubApi } from '../../admin/test/fetch-router.ts';
import { BanUserButton } from './BanUserButton.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const moderator = { ...member, userID: 3, name: 'mod' };
const target = { userID: 9, name: 'spammer', photoUrl: '/a.svg', banned: 0, private: false } as User;

describe('BanUserButton', { timeout: 20_000 }, () => {
  it('is absent without community.moderate or users.edit', () => {
    renderWithApp(<BanUserButton user={target} />, {
      bootstrap: { me: member, permissions: permissionSet(['session.valid']) },
    });
    expect(screen.queryByRole('button', { name: 'Ban' })).toBeNull();
  });

  it('bans with a reason and an end date', async () => {
    const calls = stubApi({
      'PUT /users/9/ban': () => jsonResponse(200, { banned: true, reason: 'Spam links', dateExpires: '2030-01-01T00:00:00+00:00' }),
    });
    const user = userEvent.setup({ delay: null });
    renderWithApp(<BanUserButton user={target} />, {
      bootstrap: { me: moderator, permissions: permissionSet(['session.valid', 'community.moderate']) },
    });
    await user.click(screen.getByRole('button', { name: 'Ban' }));
    expect(await screen.findByRole('dialog', { name: 'Ban spammer' })).toBeDefined();
    await user.type(screen.getByLabelText('Reason'), 'Spam links');
    await user.type(screen.getByLabelText('Banned until'), '2030-01-01T00:00');
    await user.click(screen.getAllByRole('button', { name: 'Ban' }).at(-1) as HTMLElement);
    expect(await screen.findByText('spammer is banned.')).toBeDefined();
    const body = calls.find((call) => call.method === 'PUT')?.body as { banned: boolean; reason: string; dateExpires: string };
    expect(body.banned).toBe(true);
    expect(body.reason).toBe('Spam links');
    expect(new Date(body.dateExpires).getTime()).toBe(new Date('2030-01-01T00:00').getTime());
  });

  it('shows the server’s field error and unbans a banned user', async () => {
    stubApi({
      'PUT /users/9/ban': (call) =>
        (call.body as { banned: boolean }).banned
          ? jsonResponse(422, {
              message: 'Validation Failed',
              status: 422,
              errors: [{ field: 'dateExpires', code: 'invalid', message: 'dateExpires must be in the future.', status: 422 }],
            })
          : jsonResponse(200, { banned: false, reason: null, dateExpires: null }),
    });
    const user = userEvent.setup({ delay: null });
    const view = renderWithApp(<BanUserButton user={target} />, {
      bootstrap: { me: moderator, permissions: permissionSet(['session.valid', 'users.edit']) },
    });
    await user.click(screen.getByRole('button', { name: 'Ban' }));
    await user.type(screen.getByLabelText('Banned until'), '2000-01-01T00:00');
    await user.click(screen.getAllByRole('button', { name: 'Ban' }).at(-1) as HTMLElement);
    expect(await screen.findByText('dateExpires must be in the future.')).toBeDefined();
    view.unmount();

    renderWithApp(<BanUserButton user={{ ...target, banned: 1 }} />, {
      bootstrap: { me: moderator, permissions: permissionSet(['session.valid', 'users.edit']) },
    });
    await user.click(screen.getByRole('button', { name: 'Unban' }));
    expect(await screen.findByText('spammer is no longer banned.')).toBeDefined();
  });
});
