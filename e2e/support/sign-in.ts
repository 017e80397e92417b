import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { adminPassword, journeyBaseURL } from './server.ts';

/**
 * Signs the page's browser context in through the API: the session cookie lands in the context;
 * CSRF passes with the X-Requested-With header and a same-site referer.
 */
export async function signInThroughApi(
  page: Page,
  username: string,
  password: string,
): Promise<void> {
  const response = await page.request.post('/api/v2/authenticate/password', {
    data: { username, password },
    headers: { 'X-Requested-With': 'vanilla', Referer: `${journeyBaseURL()}/` },
  });
  assert.equal(response.status(), 201, await response.text());
}

/** Signs the page in through the sign-in form, as a visitor would, and waits for the signed-in title bar. */
export async function signInThroughForm(
  page: Page,
  username: string,
  password: string,
): Promise<void> {
  await page.goto('/entry/signin');
  await page.getByLabel('Email/Username').fill(username);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('banner').getByRole('button', { name: 'My Account' }).waitFor();
}

/** Signs the page in as the journey server's administrator through the sign-in form. */
export function signInAsAdmin(page: Page): Promise<void> {
  return signInThroughForm(page, 'admin', adminPassword);
}
