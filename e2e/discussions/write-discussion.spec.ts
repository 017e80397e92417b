import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import {
  assertAccessible,
  openPage,
  screenshot,
  uniqueMember,
  useBrowser,
  viewports,
} from '../support/browser.ts';
import { gradientPng } from '../support/images.ts';
import { findMailLink } from '../support/mail.ts';
import { verifyMember } from '../support/members.ts';
import { useJourneyServer } from '../support/server.ts';
import { signInThroughApi } from '../support/sign-in.ts';

useJourneyServer();

const browser = useBrowser();

/** Registers through the API; with `signIn`, signs in too (the cookie lands in the page's context). */
async function register(
  page: Page,
  member: { name: string; email: string; password: string },
  signIn = false,
) {
  const headers = { 'X-Requested-With': 'vanilla' };
  const response = await page.request.post('/api/v2/users/register', { data: member, headers });
  assert.equal(response.status(), 201, await response.text());
  if (!signIn) return;
  await signInThroughApi(page, member.name, member.password);
}

test('a member writes a discussion with bold, a link, a mention and an image, and reads it', async () => {
  // Someone to mention.
  const friend = uniqueMember('pal');
  const { page: friendPage } = await openPage(browser, 'desktop');
  await register(friendPage, friend);
  await friendPage.context().close();

  // The author: registered and confirmed (unconfirmed accounts cannot post yet).
  const author = uniqueMember('wri');
  const { page, errors } = await openPage(browser, 'desktop');
  await register(page, author, true);
  const confirmLink = await findMailLink(
    author.email,
    /https?:\/\/[^\s"<>]+\/entry\/emailconfirm\/\d+\/[^\s"<>]+/,
  );
  await page.goto(new URL(confirmLink).pathname);
  await page.getByText('Your email address has been confirmed.').waitFor();
  await verifyMember(author.name);

  await page.goto('/post/discussion');
  await page.getByRole('heading', { level: 1, name: 'New Discussion' }).waitFor();
  await page.getByLabel(/^Category/).selectOption({ label: 'General' });
  await page.getByLabel(/^Title/).fill('Raised beds on a budget');

  // The rich editor, not the plain text box shown while its chunk loads (keyboard shortcuts such
  // as Control+K exist only in the rich one; on a loaded machine the chunk arrives later).
  const body = page.locator('[data-slate-editor="true"]');
  await body.waitFor();
  await body.click();
  await page.keyboard.type('Start with ');
  await page.keyboard.press('Control+B');
  await page.keyboard.type('untreated larch');
  await page.keyboard.press('Control+B');
  await page.keyboard.type('. Read ');

  // A link through the dialog: an unsafe address is refused, a bare domain completed.
  await page.keyboard.press('Control+K');
  const dialog = page.getByRole('dialog', { name: 'Insert link' });
  await dialog.getByLabel('URL').fill('javascript:alert(1)');
  await dialog.getByLabel('Text to display').fill('the guide');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog
    .getByText('Links must start with http://, https://, mailto:, tel:, / or #.')
    .waitFor();
  await dialog.getByLabel('URL').fill('example.com/raised-beds');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'detached' });
  // Closing the dialog gives the focus back to the editor, the caret after the new link.

  // A mention: '@' and the first letters open the suggestions; Enter picks one.
  await page.keyboard.type(` and thank @${friend.name.slice(0, 6)}`);
  const option = page.getByRole('listbox', { name: 'Mention suggestions' }).getByRole('option', {
    name: friend.name,
  });
  await option.waitFor();
  await page.keyboard.press('Enter');
  await page.getByRole('listbox', { name: 'Mention suggestions' }).waitFor({ state: 'detached' });
  await page.keyboard.type('for the tip.');

  // An image through the toolbar's file input.
  await page.locator('input[type="file"][accept="image/*"]').setInputFiles({
    name: 'bed.png',
    mimeType: 'image/png',
    buffer: gradientPng(360, 180),
  });
  await body.locator('img[alt="bed.png"]').waitFor();

  await assertAccessible(page, 'new discussion form');
  await screenshot(page, 'write-discussion-form-1440');

  await page.getByRole('button', { name: 'Post Discussion' }).click();
  await page.waitForURL((url) => /^\/discussion\/\d+/.test(url.pathname));
  const discussionPath = new URL(page.url()).pathname;

  // The post as readers see it.
  const post = page.locator('main');
  await post.getByRole('heading', { name: 'Raised beds on a budget' }).first().waitFor();
  await post.locator('strong', { hasText: 'untreated larch' }).waitFor();
  const link = post.getByRole('link', { name: 'the guide' });
  const href = (await link.getAttribute('href')) ?? '';
  assert.ok(
    href.includes('/home/leaving?target=') &&
      href.includes(encodeURIComponent('https://example.com/raised-beds')),
    `external links go through the leaving page: ${href}`,
  );
  const mention = post.locator('a.atMention');
  assert.equal(await mention.getAttribute('href'), `/profile/${encodeURIComponent(friend.name)}`);
  assert.equal((await mention.textContent())?.trim(), `@${friend.name}`);
  await post.locator('img[src*="/uploads/"]').first().waitFor();
  await assertAccessible(page, 'the new discussion');
  await screenshot(page, 'write-discussion-posted-1440');
  assert.deepEqual(errors, []);

  // The same pages at 375 px, in the author's session.
  const mobile = await browser.newContext({
    viewport: viewports.mobile,
    baseURL: new URL(page.url()).origin,
    storageState: await page.context().storageState(),
  });
  const phone = await mobile.newPage();
  await phone.goto(discussionPath);
  await phone.locator('main strong', { hasText: 'untreated larch' }).waitFor();
  await screenshot(phone, 'write-discussion-posted-375');
  await phone.goto('/post/discussion');
  await phone.locator('[data-slate-editor="true"]').waitFor();
  await assertAccessible(phone, 'new discussion form at 375 px');
  await screenshot(phone, 'write-discussion-form-375');
  await mobile.close();
  await page.context().close();
});
