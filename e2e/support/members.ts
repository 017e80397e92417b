import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { adminApi } from './admin-api.ts';
import { findMailLink } from './mail.ts';
import { signInThroughApi } from './sign-in.ts';

/**
 * Has an administrator verify a member (`bypassSpam`, as `verifyRecordUser` does): journeys about
 * posting use members the community trusts, so a new account's first post does not wait in the
 * spam queue (issue 17; those rules have their own API tests).
 */
export async function verifyMember(name: string): Promise<void> {
  const api = await adminApi();
  const users = await api<{ userID: number; name: string }[]>(
    'GET',
    `/users?name=${encodeURIComponent(name)}`,
  );
  const user = users.find((candidate) => candidate.name === name);
  assert.ok(user, `the member ${name} exists`);
  await api('PATCH', `/users/${String(user.userID)}`, { bypassSpam: true });
}

/**
 * Registers a member through the API, signs them in (the cookie lands in the page's context),
 * confirms the e-mail address with the link the server mailed (unconfirmed members cannot post)
 * and has an administrator verify them (`verifyMember`).
 */
export async function registerConfirmedMember(
  page: Page,
  member: { name: string; email: string; password: string },
): Promise<void> {
  const headers = { 'X-Requested-With': 'vanilla' };
  const response = await page.request.post('/api/v2/users/register', { data: member, headers });
  assert.equal(response.status(), 201, await response.text());
  await signInThroughApi(page, member.name, member.password);
  const confirmLink = await findMailLink(
    member.email,
    /https?:\/\/[^\s"<>]+\/entry\/emailconfirm\/\d+\/[^\s"<>]+/,
  );
  await page.goto(new URL(confirmLink).pathname);
  await page.getByText('Your email address has been confirmed.').waitFor();
  await verifyMember(member.name);
}
