import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { findMailLink } from './mail.ts';

/**
 * Registers a member through the API, signs them in (the cookie lands in the page's context) and
 * confirms the e-mail address with the link the server mailed (unconfirmed members cannot post).
 */
export async function registerConfirmedMember(
  page: Page,
  member: { name: string; email: string; password: string },
): Promise<void> {
  const headers = { 'X-Requested-With': 'vanilla' };
  const response = await page.request.post('/api/v2/users/register', { data: member, headers });
  assert.equal(response.status(), 201, await response.text());
  const session = await page.request.post('/api/v2/authenticate/password', {
    data: { username: member.name, password: member.password },
    headers,
  });
  assert.equal(session.status(), 201, await session.text());
  const confirmLink = await findMailLink(member.email, /https?:\/\/[^\s"<>]+\/entry\/emailconfirm\/\d+\/[^\s"<>]+/);
  await page.goto(new URL(confirmLink).pathname);
  await page.getByText('Your email address has been confirmed.').waitFor();
}
