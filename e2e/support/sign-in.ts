import type { Page } from 'playwright-core';
import { adminPassword } from './server.ts';

/** Signs the page in as the journey server's administrator through the sign-in form. */
export async function signInAsAdmin(page: Page): Promise<void> {
  await page.goto('/entry/signin');
  await page.getByLabel('Email/Username').fill('admin');
  await page.getByLabel(/^Password/).fill(adminPassword);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('banner').getByRole('button', { name: 'My Account' }).waitFor();
}
