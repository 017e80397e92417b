import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import {
  assertAccessible,
  openPage,
  screenshot,
  uniqueMember,
  useBrowser,
} from '../support/browser.ts';
import { adminApi } from '../support/admin-api.ts';
import { registerConfirmedMember } from '../support/members.ts';
import { useJourneyServer } from '../support/server.ts';

// Issue 16: a member types a reply, reloads, and the text is back (kept in the browser at once);
// 5 s later it is a server draft too, so another browser (no local copy) restores it with the
// draft toast; posting the reply deletes the draft.

useJourneyServer();

const browser = useBrowser();

async function commentBox(page: Page) {
  const editor = page.locator('#CreateComment [data-slate-editor="true"]');
  await editor.waitFor();
  return editor;
}

test('a member types a reply, reloads, and the text is back; the server draft restores elsewhere', async () => {
  const api = await adminApi();
  const suffix = Date.now().toString(36);
  const category = await api<{ categoryID: number }>('POST', '/categories', {
    name: 'Allotments',
    urlcode: `allotments-${suffix}`,
  });
  const discussion = await api<{ url: string }>('POST', '/discussions', {
    name: 'When to sow broad beans',
    body: JSON.stringify([{ type: 'p', children: [{ text: 'Autumn or spring?' }] }]),
    format: 'rich2',
    categoryID: category.categoryID,
  });
  const path = new URL(discussion.url).pathname;

  const member = uniqueMember('drf');
  const { page, errors } = await openPage(browser, 'desktop');
  await registerConfirmedMember(page, member);
  await page.goto(path);
  const editor = await commentBox(page);
  await editor.click();
  await page.keyboard.type('Autumn sowings overwinter well here');

  // Reloaded at once: the text comes back from this browser's copy.
  await page.reload();
  await (await commentBox(page)).getByText('Autumn sowings overwinter well here').waitFor();
  await page.getByText('Saved Draft Available.').waitFor();

  // Five seconds after the last change the server holds it too.
  await page.getByText('Draft saved').waitFor({ timeout: 15_000 });
  await assertAccessible(page, 'comment box with a saved draft');
  await screenshot(page, 'reply-draft-saved');

  // Another browser of the same member (no local copy): restored from the server, with the toast.
  const state = await page.context().storageState();
  const other = await browser.newContext({
    baseURL: new URL(page.url()).origin,
    storageState: { cookies: state.cookies, origins: [] },
  });
  const otherPage = await other.newPage();
  await otherPage.goto(path);
  await (await commentBox(otherPage)).getByText('Autumn sowings overwinter well here').waitFor();
  const toast = otherPage.getByText('Saved Draft Available.');
  await toast.waitFor();
  await otherPage.getByRole('button', { name: 'Navigate to Draft' }).click();
  await other.close();

  // Posting the reply deletes the draft.
  await page.getByRole('button', { name: 'Post Comment' }).click();
  await page
    .locator('article, li')
    .getByText('Autumn sowings overwinter well here')
    .first()
    .waitFor();
  const drafts = await page.evaluate(async () => {
    const response = await fetch('/api/v2/drafts', { headers: { 'X-Requested-With': 'vanilla' } });
    return (await response.json()) as unknown[];
  });
  assert.deepEqual(drafts, []);
  assert.deepEqual(errors, []);
  await page.context().close();
});
