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
import { verifyMember } from '../support/members.ts';
import { adminPassword, useJourneyServer } from '../support/server.ts';

useJourneyServer();

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  // The journeys share one server: put back the setting prepare() turned off.
  if (setup !== null) {
    const { page } = await openPage(browser, 'desktop');
    await signIn(page, 'admin', adminPassword);
    await apiCall(page, 'PATCH', '/config', { 'registration.confirmEmail': true });
    await page.context().close();
  }
  await browser.close();
});

/** Calls the API from the page, as the signed-in user (cookie + transient key of the bootstrap). */
async function apiCall<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  const result = await page.evaluate(
    async ({ method, path, body }) => {
      const bootstrap = JSON.parse(
        document.getElementById('hearth-bootstrap')?.textContent ?? '{}',
      ) as {
        transientKey?: string;
      };
      const response = await fetch(`/api/v2${path}`, {
        method,
        headers: {
          'Content-Type': 'application/json',
          'X-Requested-With': 'vanilla',
          'X-Transient-Key': bootstrap.transientKey ?? '',
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, text };
    },
    { method, path, body },
  );
  assert.ok(result.status < 300, `${method} ${path} answered ${result.status}: ${result.text}`);
  return (result.text === '' ? undefined : JSON.parse(result.text)) as T;
}

async function signIn(page: Page, name: string, password: string): Promise<void> {
  await page.goto('/entry/signin');
  await page.getByLabel('Email/Username').fill(name);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('banner').getByRole('button', { name: 'My Account' }).waitFor();
}

function rich2(text: string): string {
  return JSON.stringify([{ type: 'p', children: [{ text }] }]);
}

interface Setup {
  discussionPath: string;
  secondCategoryName: string;
}

let setup: Setup | null = null;

/** An administrator's category pair, a discussion in the first and one comment on it. */
async function prepare(): Promise<Setup> {
  if (setup !== null) return setup;
  const { page } = await openPage(browser, 'desktop');
  await signIn(page, 'admin', adminPassword);
  await apiCall(page, 'PATCH', '/config', { 'registration.confirmEmail': false });
  const suffix = Date.now().toString(36);
  const first = await apiCall<{ categoryID: number }>(page, 'POST', '/categories', {
    name: 'Campcraft',
    urlcode: `campcraft-${suffix}`,
  });
  const second = await apiCall<{ categoryID: number; name: string }>(page, 'POST', '/categories', {
    name: 'Trail Stories',
    urlcode: `trail-stories-${suffix}`,
  });
  const discussion = await apiCall<{ discussionID: number; url: string }>(
    page,
    'POST',
    '/discussions',
    {
      name: 'Kindling a fire in the rain',
      body: JSON.stringify([
        {
          type: 'p',
          children: [
            { text: 'What works for you when ' },
            { text: 'everything', bold: true },
            { text: ' is wet?' },
          ],
        },
        { type: 'h2', children: [{ text: 'What I tried' }] },
        {
          type: 'ul',
          children: [
            { type: 'li', children: [{ type: 'lic', children: [{ text: 'Birch bark' }] }] },
            { type: 'li', children: [{ type: 'lic', children: [{ text: 'Fatwood shavings' }] }] },
          ],
        },
        {
          type: 'blockquote',
          children: [{ type: 'p', children: [{ text: 'Carry a dry bag of tinder.' }] }],
        },
        {
          type: 'code_block',
          children: [{ type: 'code_line', children: [{ text: 'tinder → kindling → fuel' }] }],
        },
      ]),
      format: 'rich2',
      categoryID: first.categoryID,
    },
  );
  await apiCall(page, 'POST', '/comments', {
    body: rich2('Split the wood to reach the dry core.'),
    format: 'rich2',
    discussionID: discussion.discussionID,
  });
  await page.context().close();
  setup = { discussionPath: new URL(discussion.url).pathname, secondCategoryName: second.name };
  return setup;
}

test('a member reacts, bookmarks and replies to a reply', async () => {
  const { discussionPath } = await prepare();
  for (const viewport of ['desktop', 'mobile'] as const) {
    const member = uniqueMember(viewport === 'desktop' ? 'react' : 'reactm');
    const { page, errors } = await openPage(browser, viewport);
    await page.goto('/entry/register');
    await page.getByLabel('Email').fill(member.email);
    await page.getByLabel('Username').fill(member.name);
    await page.getByLabel(/^Password/).fill(member.password);
    await page.getByRole('button', { name: 'Register' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await verifyMember(member.name);

    await page.goto(discussionPath);
    const post = page.getByRole('article', { name: 'Kindling a fire in the rain' });
    await post.waitFor();
    await post.getByText('everything').waitFor();

    // React from the picker, then the count toggles.
    await post.getByRole('button', { name: 'Add Reaction' }).click();
    await page
      .getByRole('group', { name: 'Add Reaction' })
      .getByRole('button', { name: 'Insightful' })
      .click();
    const insightful = post.getByRole('button', { name: /^Insightful \d+$/ });
    await insightful.waitFor();
    assert.equal(await insightful.getAttribute('aria-pressed'), 'true');

    const bookmark = post.getByRole('button', { name: 'Bookmark' });
    await bookmark.click();
    await page.waitForFunction(
      () =>
        document.querySelector('button[aria-label="Bookmark"]')?.getAttribute('data-state') ===
        'bookmarked',
    );

    // Reply to the administrator's comment, then to that reply.
    const firstComment = page.locator('li[id^="Comment_"]').first();
    await firstComment.getByRole('button', { name: 'Reply' }).first().click();
    const replyBox = page.getByRole('textbox', { name: 'Reply to admin' });
    await replyBox.click();
    await page.keyboard.type(`Thanks, that worked! (${viewport})`);
    await page.getByRole('button', { name: 'Post Reply' }).click();
    const reply = firstComment
      .locator('li[id^="Comment_"]', { hasText: `Thanks, that worked! (${viewport})` })
      .first();
    await reply.waitFor();
    await reply.getByRole('button', { name: 'Reply' }).first().click();
    const nestedBox = page.getByRole('textbox', { name: `Reply to ${member.name}` });
    await nestedBox.click();
    await page.keyboard.type(`Replying to my own reply (${viewport}).`);
    await page.getByRole('button', { name: 'Post Reply' }).click();
    await reply
      .locator('li[id^="Comment_"]', { hasText: `Replying to my own reply (${viewport}).` })
      .waitFor();

    // Everything holds after a reload.
    await page.reload();
    await post.waitFor();
    assert.equal(
      await post.getByRole('button', { name: 'Bookmark' }).getAttribute('aria-pressed'),
      'true',
    );
    await page.getByText(`Replying to my own reply (${viewport}).`).waitFor();
    await screenshot(page, `discussion-member-${viewport === 'desktop' ? 1440 : 375}`);
    await assertAccessible(page, `discussion page as a member at ${viewport}`);
    assert.deepEqual(errors, []);
    await page.context().close();
  }
});

test('a moderator closes and moves a discussion', async () => {
  const { discussionPath, secondCategoryName } = await prepare();
  const { page, errors } = await openPage(browser, 'desktop');
  await signIn(page, 'admin', adminPassword);
  await page.goto(discussionPath);
  const post = page.getByRole('article', { name: 'Kindling a fire in the rain' });
  await post.waitFor();

  await post.getByRole('button', { name: 'Discussion Options' }).click();
  await page.getByRole('menu', { name: 'Discussion Options' }).waitFor();
  await screenshot(page, 'discussion-options-1440');
  await page.getByRole('menuitem', { name: 'Close' }).click();
  await post.getByText('Closed', { exact: true }).waitFor();

  await post.getByRole('button', { name: 'Discussion Options' }).click();
  await page.getByRole('menuitem', { name: 'Move' }).click();
  const dialog = page.getByRole('dialog', { name: 'Move Discussion' });
  await dialog.getByLabel('Find a category').fill('Trail');
  await dialog.getByRole('radio', { name: new RegExp(secondCategoryName) }).check();
  await screenshot(page, 'discussion-move-1440');
  await assertAccessible(page, 'move modal');
  await dialog.getByRole('button', { name: 'Move' }).click();
  await dialog.waitFor({ state: 'detached' });
  await post.getByRole('link', { name: secondCategoryName }).waitFor();

  // The closed discussion still takes comments from its moderator, and says it is closed.
  await page.getByText('This discussion has been closed.').waitFor();
  await page.setViewportSize({ width: 375, height: 812 });
  await page.reload();
  await post.waitFor();
  await post.getByText('Closed', { exact: true }).waitFor();
  await screenshot(page, 'discussion-moderator-375');
  await assertAccessible(page, 'closed discussion at 375');
  assert.deepEqual(errors, []);
  await page.context().close();
});
