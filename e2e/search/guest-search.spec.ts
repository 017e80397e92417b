import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { assertAccessible, launchBrowser, openPage, screenshot } from '../support/browser.ts';
import { adminApi, type AdminApi } from '../support/admin-api.ts';
import { useJourneyServer } from '../support/server.ts';

useJourneyServer();

const rich2 = (text: string) => JSON.stringify([{ type: 'p', children: [{ text }] }]);

let browser: Browser;
let api: AdminApi;
const suffix = Date.now().toString(36).replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)] ?? 'x');
const word = `marigold${suffix}`;
let orchardName = '';
let commentID = 0;

before(async () => {
  browser = await launchBrowser();
  api = await adminApi();
  const orchard = await api<{ categoryID: number; name: string }>('POST', '/categories', {
    name: `Orchard ${suffix}`,
    urlcode: `orchard-${suffix}`,
  });
  orchardName = orchard.name;
  const meadow = await api<{ categoryID: number }>('POST', '/categories', {
    name: `Meadow ${suffix}`,
    urlcode: `meadow-${suffix}`,
  });
  const orchardPost = await api<{ discussionID: number }>('POST', '/discussions', {
    name: 'Companion planting under apple trees',
    body: rich2('Which flowers keep pests away from young apple trees?'),
    format: 'rich2',
    categoryID: orchard.categoryID,
  });
  const comment = await api<{ commentID: number }>('POST', '/comments', {
    body: rich2(`Plant ${word} around the trunk; it keeps aphids away.`),
    format: 'rich2',
    parentRecordType: 'discussion',
    parentRecordID: orchardPost.discussionID,
  });
  commentID = comment.commentID;
  await api('POST', '/discussions', {
    name: `Sowing ${word} in a wild meadow`,
    body: rich2('Scatter the seeds in April.'),
    format: 'rich2',
    categoryID: meadow.categoryID,
  });
});

after(async () => {
  await browser.close();
});

test('a guest searches from the title bar, filters by category, opens a result and lands on the post', async () => {
  const { page, errors } = await openPage(browser, 'desktop');

  // Crawlers and guests get the results in the page's HTML.
  const rendered = await page.goto(`/search?query=${word}`);
  assert.equal(rendered?.status(), 200);
  assert.match((await rendered?.text()) ?? '', new RegExp(`Sowing ${word} in a wild meadow`));

  await page.goto('/');
  const box = page.getByRole('combobox', { name: 'Search' });
  await box.fill(word);
  await page.getByRole('option', { name: new RegExp(`Sowing ${word}`) }).waitFor();
  await box.press('Enter');
  await page.waitForURL(new RegExp(`/search\\?query=${word}`));
  await page.getByText('2 results').waitFor();
  assert.equal(await page.locator('mark', { hasText: word }).count() >= 1, true);
  await assertAccessible(page, 'search results');

  await page.getByLabel('Category').selectOption({ label: orchardName });
  await page.getByRole('button', { name: 'Filter' }).click();
  await page.getByText('1 result', { exact: true }).waitFor();
  await screenshot(page, 'search-filtered');

  await page.getByRole('link', { name: 'Re: Companion planting under apple trees' }).click();
  await page.waitForURL(new RegExp(`/discussion/(comment/${String(commentID)}|\\d+)`));
  await page.getByText(`Plant ${word} around the trunk`).waitFor();
  assert.deepEqual(errors, []);
});

test('at 375 px the title bar’s search opens from its button and the results page fits', async () => {
  const { page, errors } = await openPage(browser, 'mobile');
  await page.goto('/');
  const banner = page.getByRole('banner');
  await banner.getByRole('button', { name: 'Search' }).click();
  const box = banner.getByRole('combobox', { name: 'Search' });
  await box.fill(word);
  await box.press('Enter');
  await page.waitForURL(new RegExp(`/search\\?query=${word}`));
  await page.getByText('2 results').waitFor();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.ok(overflow <= 0, `the page scrolls sideways by ${String(overflow)} px`);
  await assertAccessible(page, 'search results at 375 px');
  await screenshot(page, 'search-mobile');
  assert.deepEqual(errors, []);
});
