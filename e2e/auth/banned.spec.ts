import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  assertAccessible,
  openPage,
  screenshot,
  uniqueMember,
  useBrowser,
} from '../support/browser.ts';
import { adminPassword, journeyBaseURL, useJourneyServer } from '../support/server.ts';
import { signInThroughApi } from '../support/sign-in.ts';

useJourneyServer();

const browser = useBrowser();

// Issue 11 item 21: a banned member is told why (api-contract §1.2), not shown a guest's pages.
test('a member banned while signed in sees "You are banned." on every page and can still sign out', async () => {
  const member = uniqueMember('banned');
  const { page, errors } = await openPage(browser, 'desktop');
  const registered = await page.request.post('/api/v2/users/register', {
    data: member,
    headers: { 'X-Requested-With': 'vanilla' },
  });
  assert.equal(registered.status(), 201, await registered.text());
  const { userID } = (await registered.json()) as { userID: number };
  await signInThroughApi(page, member.name, member.password);
  await page.goto('/discussions');
  await page.getByRole('banner').getByRole('button', { name: 'My Account' }).waitFor();

  const moderator = (await openPage(browser, 'desktop')).page;
  await signInThroughApi(moderator, 'admin', adminPassword);
  const ban = await moderator.request.put(`/api/v2/users/${userID}/ban`, {
    data: { banned: true },
    headers: { 'X-Requested-With': 'vanilla', Referer: `${journeyBaseURL()}/` },
  });
  assert.equal(ban.status(), 200, await ban.text());
  await moderator.context().close();

  for (const path of ['/discussions', '/categories', '/']) {
    const response = await page.goto(path);
    assert.equal(response?.status(), 401, path);
    await page.getByRole('heading', { level: 1, name: 'You are banned.' }).waitFor();
  }
  await assertAccessible(page, 'the banned page');
  await screenshot(page, 'banned-1440');

  await page.getByRole('link', { name: 'Sign Out' }).click();
  await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).waitFor();
  assert.equal(await page.getByText('You are banned.').count(), 0);
  // The API refused the banned member's calls (401) while the page was open; nothing else failed.
  assert.deepEqual(
    errors.filter((error) => !error.includes('401')),
    [],
  );
  await page.context().close();
});
