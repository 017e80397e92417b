import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import {
  assertAccessible,
  launchBrowser,
  openPage,
  screenshot,
  viewports,
} from '../support/browser.ts';
import { adminApi, type AdminApi } from '../support/admin-api.ts';
import { useJourneyServer } from '../support/server.ts';

useJourneyServer();

const rich2 = (text: string) => JSON.stringify([{ type: 'p', children: [{ text }] }]);

let browser: Browser;
let api: AdminApi;
const suffix = Date.now().toString(36);
const urlcode = `kitchen-garden-${suffix}`;
let blightID = 0;
let commentIDs: number[] = [];

before(async () => {
  browser = await launchBrowser();
  api = await adminApi();
  const category = await api<{ categoryID: number }>('POST', '/categories', {
    name: 'Kitchen Garden',
    urlcode,
    description: 'Herbs, vegetables and everything you can eat.',
  });
  for (const name of ['Best basil varieties', 'Raised beds on a balcony']) {
    await api('POST', '/discussions', {
      name,
      body: rich2(`Let us talk about ${name.toLowerCase()}.`),
      format: 'rich2',
      categoryID: category.categoryID,
    });
  }
  const blight = await api<{ discussionID: number }>('POST', '/discussions', {
    name: 'Tomato blight help',
    body: rich2('My tomato leaves have brown spots. What can I do?'),
    format: 'rich2',
    categoryID: category.categoryID,
  });
  blightID = blight.discussionID;
  commentIDs = [];
  for (const text of ['Remove the spotted leaves first.', 'Water the soil, not the leaves.', 'Copper spray helps too.']) {
    const comment = await api<{ commentID: number }>('POST', '/comments', {
      body: rich2(text),
      format: 'rich2',
      parentRecordType: 'discussion',
      parentRecordID: blightID,
    });
    commentIDs.push(comment.commentID);
  }
  // Two discussions a page, so the category pages (restored after the journey).
  await api('PATCH', '/config', { 'discussions.perPage': 2 });
});

after(async () => {
  await api('PATCH', '/config', { 'discussions.perPage': 30 });
  await browser.close();
});

test('a guest reads the home page, a category with its pager, a discussion and a comment link', async () => {
  for (const viewport of ['desktop', 'mobile'] as const) {
    const width = viewports[viewport].width;
    const { page, errors } = await openPage(browser, viewport);

    // Home: server-rendered with the discussions in the HTML.
    const home = await page.goto('/');
    assert.equal(home?.status(), 200);
    const homeHtml = (await home?.text()) ?? '';
    assert.match(homeHtml, /Tomato blight help/);
    assert.match(homeHtml, /<link rel="canonical" href="[^"]+\/"/);
    await page.getByRole('heading', { level: 1, name: 'How can we help you?' }).waitFor();
    await page.getByRole('link', { name: 'Tomato blight help' }).first().waitFor();
    await assertAccessible(page, `home at ${width} px`);
    await screenshot(page, `reading-home-${width}`);

    // A category page, two discussions a page; the pager pushes /p2 and back.
    const categoryResponse = await page.goto(`/categories/${urlcode}`);
    assert.equal(categoryResponse?.status(), 200);
    assert.equal(await page.title(), 'Kitchen Garden - Hearth');
    await page.getByRole('heading', { level: 1, name: 'Kitchen Garden' }).waitFor();
    const list = page.getByRole('list', { name: 'Discussions' });
    assert.equal(await list.getByRole('listitem').filter({ has: page.getByRole('heading') }).count(), 2);
    await screenshot(page, `reading-category-${width}`);
    const pager = page.getByRole('navigation', { name: 'Discussions pages' });
    assert.equal(await pager.getByRole('link', { name: /Previous/ }).count(), 0, 'Previous is disabled on page 1');
    await pager.getByRole('link', { name: /Next/ }).click();
    await page.waitForURL((url) => url.pathname === `/categories/${urlcode}/p2`);
    await page.getByRole('link', { name: 'Best basil varieties' }).waitFor();
    assert.equal(await pager.getByRole('link', { name: /Next/ }).count(), 0, 'Next is disabled on the last page');
    await pager.getByRole('link', { name: /Previous/ }).click();
    await page.waitForURL((url) => url.pathname === `/categories/${urlcode}`);

    // A discussion: its title, body and comments, reached in the app.
    await page.getByRole('link', { name: 'Tomato blight help' }).first().click();
    await page.waitForURL((url) => url.pathname.startsWith(`/discussion/${blightID}/`));
    await page.getByRole('heading', { level: 1, name: 'Tomato blight help' }).waitFor();
    await page.getByText('Water the soil, not the leaves.').waitFor();
    assert.equal(await page.title(), 'Tomato blight help - Hearth');
    await assertAccessible(page, `discussion at ${width} px`);
    await screenshot(page, `reading-discussion-${width}`);

    // The discussion page is server-rendered too, with its comments and a canonical link.
    const direct = await page.goto(`/discussion/${blightID}`);
    assert.equal(direct?.status(), 200);
    const directHtml = (await direct?.text()) ?? '';
    assert.match(directHtml, /Copper spray helps too\./);
    assert.match(directHtml, new RegExp(`<link rel="canonical" href="[^"]+/discussion/${blightID}/tomato-blight-help"`));

    // A comment link lands on the comment.
    const lastComment = commentIDs[2] ?? 0;
    await page.goto(`/discussion/comment/${lastComment}`);
    const target = page.locator(`#Comment_${lastComment}`);
    await target.waitFor();
    // Scrolled into view (evaluated in the page; the source is a string, the page has a DOM).
    await page.waitForFunction(
      `(() => { const box = document.getElementById('Comment_${lastComment}')?.getBoundingClientRect();
        return box !== undefined && box.top < window.innerHeight && box.bottom > 0; })()`,
    );

    // A missing discussion: 404 with the not-found page, title bar still there.
    const missing = await page.goto('/discussion/999999/nothing-here');
    assert.equal(missing?.status(), 404);
    await page.getByRole('heading', { level: 1, name: 'Discussion Not Found' }).waitFor();
    assert.equal(await page.getByText('The discussion you were looking for could not be found.').isVisible(), true);
    assert.equal(await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).isVisible(), true);

    assert.deepEqual(
      errors.filter((error) => !error.includes('404')),
      [],
    );
    await page.context().close();
  }
});
