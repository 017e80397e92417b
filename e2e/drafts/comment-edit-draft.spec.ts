import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assertAccessible, openPage, uniqueMember, useBrowser } from '../support/browser.ts';
import { adminApi } from '../support/admin-api.ts';
import { registerConfirmedMember } from '../support/members.ts';
import { useJourneyServer } from '../support/server.ts';

// Issue 16: a member edits their comment; the edit is saved as a draft of that comment 5 s after
// typing; after a reload, opening the edit again restores it with the draft toast; the drafts page
// links the draft back to the comment with its edit open; Save publishes the edit and the draft is
// gone.

useJourneyServer();

const browser = useBrowser();

test('an edit of a comment is autosaved, restored when the edit opens again, and deleted by Save', async () => {
  const api = await adminApi();
  const suffix = Date.now().toString(36);
  const category = await api<{ categoryID: number }>('POST', '/categories', {
    name: 'Orchard',
    urlcode: `orchard-${suffix}`,
  });
  const discussion = await api<{ url: string }>('POST', '/discussions', {
    name: 'Pruning apple trees',
    body: JSON.stringify([{ type: 'p', children: [{ text: 'Winter or summer?' }] }]),
    format: 'rich2',
    categoryID: category.categoryID,
  });
  const path = new URL(discussion.url).pathname;

  const member = uniqueMember('ced');
  const { page, errors } = await openPage(browser, 'desktop');
  await registerConfirmedMember(page, member);
  await page.goto(path);
  const box = page.locator('#CreateComment [data-slate-editor="true"]');
  await box.waitFor();
  await box.click();
  await page.keyboard.type('Prune in winter');
  await page.getByRole('button', { name: 'Post Comment' }).click();
  const comment = page.locator('[id^="Comment_"]').filter({ hasText: 'Prune in winter' }).last();
  await comment.waitFor();
  const commentID = Number((await comment.getAttribute('id'))?.replace('Comment_', ''));
  assert.ok(commentID > 0);

  await comment.getByRole('button', { name: 'Edit' }).click();
  const editor = page.locator(`#EditComment_${String(commentID)} [data-slate-editor="true"]`);
  await editor.getByText('Prune in winter').waitFor();
  await editor.click();
  await page.keyboard.press('End');
  await page.keyboard.type(', while the tree sleeps');
  await page.locator(`#EditComment_${String(commentID)}`).getByText('Draft saved').waitFor({ timeout: 15_000 });
  const saved = await page.evaluate(async () => {
    const response = await fetch('/api/v2/drafts?recordType=comment', { headers: { 'X-Requested-With': 'vanilla' } });
    return (await response.json()) as { recordID?: number; attributes: { body?: string } }[];
  });
  assert.equal(saved.length, 1);
  assert.equal(saved[0]?.recordID, commentID);
  assert.match(saved[0]?.attributes.body ?? '', /while the tree sleeps/);

  // After a reload the comment shows as published; opening the edit brings the draft back.
  await page.reload();
  const reloaded = page.locator(`#Comment_${String(commentID)}`);
  await reloaded.getByText('Prune in winter').waitFor();
  await reloaded.getByRole('button', { name: 'Edit' }).click();
  await page.locator(`#EditComment_${String(commentID)} [data-slate-editor="true"]`).getByText('Prune in winter, while the tree sleeps').waitFor();
  await page.getByText('Saved Draft Available.').waitFor();
  await assertAccessible(page, 'comment edit with a restored draft');

  // Cancel keeps the draft; the drafts page links it back to the comment with the edit open.
  await page.locator(`#EditComment_${String(commentID)}`).getByRole('button', { name: 'Cancel' }).click();
  await page.goto('/drafts');
  const listed = page.getByRole('article', { name: 'Edit of your comment in Pruning apple trees' });
  await listed.getByText('Prune in winter, while the tree sleeps').waitFor();
  await listed.getByRole('link', { name: 'Edit of your comment in Pruning apple trees' }).click();
  await page.waitForURL(new RegExp(`/discussion/comment/${String(commentID)}\\?editComment=${String(commentID)}`));
  await page.locator(`#EditComment_${String(commentID)} [data-slate-editor="true"]`).getByText('Prune in winter, while the tree sleeps').waitFor();

  await reloaded.getByRole('button', { name: 'Save' }).click();
  await page.locator(`#EditComment_${String(commentID)}`).waitFor({ state: 'detached' });
  await reloaded.getByText('Prune in winter, while the tree sleeps').waitFor();
  const remaining = await page.evaluate(async () => {
    const response = await fetch('/api/v2/drafts', { headers: { 'X-Requested-With': 'vanilla' } });
    return (await response.json()) as unknown[];
  });
  assert.deepEqual(remaining, []);
  assert.deepEqual(errors, []);
  await page.context().close();
});
