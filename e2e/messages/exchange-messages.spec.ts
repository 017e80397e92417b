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
import { useJourneyServer } from '../support/server.ts';
import { signInThroughApi } from '../support/sign-in.ts';

// Issue 13: members A and B exchange private messages. A writes to B from /messages/add/{name};
// B sees the envelope's badge, opens the flyout, reads and answers; A reads the answer.

useJourneyServer();

let browser: Browser;
let api: AdminApi;
before(async () => {
  browser = await launchBrowser();
  api = await adminApi();
  await api('PATCH', '/config', { 'context.conversationsEnabled': true });
});
after(async () => {
  await api('PATCH', '/config', { 'context.conversationsEnabled': false });
  await browser.close();
});

async function signedInPage(
  viewport: 'desktop' | 'mobile',
  member: { name: string; password: string },
) {
  const opened = await openPage(browser, viewport);
  await signInThroughApi(opened.page, member.name, member.password);
  return opened;
}

async function writeAndSend(page: Page, text: string): Promise<void> {
  const editor = page.locator('main [data-slate-editor="true"]');
  await editor.waitFor();
  await editor.click();
  await page.keyboard.type(text);
  await page.getByRole('button', { name: 'Send Message' }).click();
}

test('A and B exchange messages', async () => {
  const a = uniqueMember('msga');
  const b = uniqueMember('msgb');
  for (const member of [a, b])
    await api('POST', '/users', { ...member, emailConfirmed: true, sendWelcomeEmail: false });

  const { page: pageA, errors: errorsA } = await signedInPage('desktop', a);
  await pageA.goto(`/messages/add/${b.name}`);
  await pageA.getByRole('list', { name: 'Recipients' }).getByText(b.name).waitFor();
  await writeAndSend(pageA, 'Are you coming on Saturday?');
  await pageA.waitForURL(/\/messages\/\d+$/);
  const threadPath = new URL(pageA.url()).pathname;
  await pageA
    .getByRole('list', { name: 'Messages' })
    .getByText('Are you coming on Saturday?')
    .waitFor();
  await assertAccessible(pageA, 'a conversation thread');
  await screenshot(pageA, 'messages-thread-1440');

  const { page: pageB, errors: errorsB } = await signedInPage('mobile', b);
  await pageB.goto('/');
  const envelope = pageB.getByRole('button', { name: 'Messages, 1 unread' });
  await envelope.waitFor();
  await envelope.click();
  await screenshot(pageB, 'messages-flyout-375');
  await pageB.getByRole('link', { name: /Are you coming on Saturday\?/ }).click();
  await pageB.waitForURL((url) => url.pathname === threadPath);
  await pageB
    .getByRole('list', { name: 'Messages' })
    .getByText('Are you coming on Saturday?')
    .waitFor();
  // Read: the badge is gone.
  await pageB.getByRole('button', { name: 'Messages', exact: true }).waitFor();
  await writeAndSend(pageB, 'Yes, I will bring the cake.');
  await pageB
    .getByRole('list', { name: 'Messages' })
    .getByText('Yes, I will bring the cake.')
    .waitFor();
  await assertAccessible(pageB, 'a conversation thread at 375 px');
  await screenshot(pageB, 'messages-thread-375');

  await pageA.goto('/messages');
  const item = pageA.getByRole('link', { name: /Yes, I will bring the cake\./ });
  await item.waitFor();
  await assertAccessible(pageA, 'the inbox');
  await screenshot(pageA, 'messages-inbox-1440');
  await item.click();
  await pageA
    .getByRole('list', { name: 'Messages' })
    .getByText('Yes, I will bring the cake.')
    .waitFor();

  assert.deepEqual(errorsA, []);
  assert.deepEqual(errorsB, []);
});
