// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { render } from '../../entry-server.tsx';
import { ApiError } from '../../lib/api.ts';
import { guestBootstrap } from '../../lib/bootstrap.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { sessionKeys, seedQueryClient } from '../../lib/session.ts';
import { member } from '../../test/render.tsx';

// Issue 11 item 21: a banned member is told why (api-contract §1.2 "You are banned."), on the
// server-rendered page and when a call is refused while the page is open; signing out still works.
describe('a banned member', () => {
  const banned = { ...member, banned: 1 };

  it('gets "You are banned." with status 401 and a Sign Out link instead of the page', async () => {
    const result = await render('/entry/register', guestBootstrap({ me: banned, transientKey: 'tk' }));
    expect(result.status).toBe(401);
    expect(result.html).toContain('You are banned.');
    expect(result.html).toContain('href="/entry/signout?TransientKey=tk');
    expect(result.html).not.toContain('>Register<');
  });

  it('still reaches the sign-out page', async () => {
    const result = await render('/entry/signout', guestBootstrap({ me: banned, transientKey: 'tk' }));
    expect(result.status).toBe(200);
    expect(result.html).not.toContain('You are banned.');
    expect(result.html).toContain('Are you sure you want to sign out?');
  });

  it('a member who is not banned sees the pages', async () => {
    const result = await render('/entry/register', guestBootstrap({ transientKey: 'tk' }));
    expect(result.html).toContain('>Register<');
    const signedIn = await render('/categories', guestBootstrap({ me: member, transientKey: 'tk' }));
    expect(signedIn.html).not.toContain('You are banned.');
  });

  it('a call answered 401 "You are banned." while the page is open marks the member banned', async () => {
    const client = createQueryClient();
    seedQueryClient(client, guestBootstrap({ me: member }));
    await client
      .fetchQuery({
        queryKey: ['discussions', 'list'],
        queryFn: () => Promise.reject(new ApiError('You are banned.', { status: 401 })),
      })
      .catch(() => undefined);
    expect(client.getQueryData<{ banned?: number }>(sessionKeys.me)?.banned).toBe(1);
  });
});
