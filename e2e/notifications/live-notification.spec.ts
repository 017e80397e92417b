import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import {
  assertAccessible,
  launchBrowser,
  openPage,
  screenshot,
  uniqueMember,
} from '../support/browser.ts';
import { adminApi, type AdminApi } from '../support/admin-api.ts';
import { journeyBaseURL, useJourneyServer } from '../support/server.ts';
import { signInThroughApi } from '../support/sign-in.ts';

// Issue 13: member A follows a category (through its follow menu), member B posts in it, A sees the bell's badge rise
// without reloading (the live stream, GET /api/v2/events), a toast names the post, A opens the
// flyout, clicks and lands on the post. Then again on a 375 px screen.

useJourneyServer();

let browser: Browser;
let api: AdminApi;
before(async () => {
  browser = await launchBrowser();
  api = await adminApi();
});
after(async () => {
  await browser.close();
});

/** Headers of an API write from the page's session (the CSRF rule: X-Requested-With and a same-site Referer). */
function json(): Record<string, string> {
  return { 'X-Requested-With': 'vanilla', Referer: `${journeyBaseURL()}/` };
}

async function signedInPage(
  viewport: 'desktop' | 'mobile',
  member: { name: string; password: string },
) {
  const opened = await openPage(browser, viewport);
  await signInThroughApi(opened.page, member.name, member.password);
  return opened;
}

/** Opens the home page and waits until its live stream is connected. */
async function openLive(page: Page): Promise<void> {
  const stream = page.waitForResponse(
    (response) => response.url().includes('/api/v2/events') && response.status() === 200,
  );
  await page.goto('/');
  await stream;
}

async function post(page: Page, categoryID: number, name: string): Promise<void> {
  const response = await page.request.post('/api/v2/discussions', {
    data: { name, body: `${name}: the details.`, format: 'text', categoryID },
    headers: json(),
  });
  assert.equal(response.status(), 201, await response.text());
}

test('A sees the bell rise live for B’s post in a followed category, opens the flyout and lands on the post', async () => {
  const a = uniqueMember('livea');
  const b = uniqueMember('liveb');
  for (const member of [a, b])
    await api('POST', '/users', { ...member, emailConfirmed: true, sendWelcomeEmail: false });
  const category = await api<{ categoryID: number }>('POST', '/categories', {
    name: `Live ${a.name}`,
    urlcode: `live-${a.name.toLowerCase()}`,
  });

  const { page: pageA, errors: errorsA } = await signedInPage('desktop', a);
  // A follows the category from its follow menu: opening it follows with the default preferences
  // (in-app notifications of new discussions), spec 000 §4.
  await pageA.goto(`/categories/live-${a.name.toLowerCase()}`);
  const followButton = pageA.getByRole('button', { name: 'Follow', exact: true });
  await followButton.click();
  await pageA.getByRole('heading', { name: /Notification Preferences/ }).waitFor();
  await pageA.getByRole('button', { name: 'Following', exact: true }).waitFor();
  assert.equal(
    await pageA.getByRole('checkbox', { name: 'New posts: Notification popup' }).isChecked(),
    true,
  );
  await assertAccessible(pageA, 'the category follow menu');
  await screenshot(pageA, 'follow-menu-1440');
  await pageA.keyboard.press('Escape');
  await openLive(pageA);
  await pageA.getByRole('button', { name: 'Notifications', exact: true }).waitFor();

  const { page: pageB, errors: errorsB } = await signedInPage('mobile', b);
  await post(pageB, category.categoryID, 'Fresh from B');

  // No reload: the badge rises and a toast names the post.
  const bell = pageA.getByRole('button', { name: 'Notifications, 1 unread' });
  await bell.waitFor({ timeout: 20_000 });
  await pageA
    .getByRole('status')
    .getByRole('link', { name: /started a new discussion: Fresh from B/ })
    .waitFor();
  await screenshot(pageA, 'live-notification-toast-1440');
  await bell.click();
  const item = pageA
    .getByRole('group', { name: /^Notifications/ })
    .getByRole('link', { name: /started a new discussion: Fresh from B/ });
  await item.waitFor();
  await assertAccessible(pageA, 'the notifications flyout with a live notification');
  await screenshot(pageA, 'live-notification-flyout-1440');
  await item.click();
  await pageA.waitForURL(/\/discussion\/\d+\//);
  await pageA.getByRole('heading', { name: 'Fresh from B' }).waitFor();
  // Followed from the flyout, the notification is read: the badge goes.
  await pageA.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
  await screenshot(pageA, 'live-notification-landed-1440');

  // The same on a phone.
  const { page: phoneA, errors: errorsPhone } = await signedInPage('mobile', a);
  await phoneA.goto(`/categories/live-${a.name.toLowerCase()}`);
  await phoneA.getByRole('button', { name: 'Following', exact: true }).click();
  await phoneA.getByRole('button', { name: 'Unfollow' }).waitFor();
  await assertAccessible(phoneA, 'the category follow menu at 375 px');
  await screenshot(phoneA, 'follow-menu-375');
  await phoneA.keyboard.press('Escape');
  await openLive(phoneA);
  await post(pageB, category.categoryID, 'Second from B');
  const phoneBell = phoneA.getByRole('button', { name: 'Notifications, 1 unread' });
  await phoneBell.waitFor({ timeout: 20_000 });

  await phoneA
    .getByRole('status')
    .getByRole('link', { name: /Second from B/ })
    .waitFor();
  await screenshot(phoneA, 'live-notification-toast-375');
  await phoneBell.click();
  const phoneItem = phoneA
    .getByRole('group', { name: /^Notifications/ })
    .getByRole('link', { name: /started a new discussion: Second from B/ });
  await phoneItem.waitFor();
  await assertAccessible(phoneA, 'the notifications flyout at 375 px');
  await screenshot(phoneA, 'live-notification-flyout-375');
  await phoneItem.click();
  await phoneA.waitForURL(/\/discussion\/\d+\//);
  await phoneA.getByRole('heading', { name: 'Second from B' }).waitFor();

  assert.deepEqual(errorsA, []);
  assert.deepEqual(errorsB, []);
  assert.deepEqual(errorsPhone, []);
});
