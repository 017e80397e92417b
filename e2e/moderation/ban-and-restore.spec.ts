import assert from 'node:assert/strict';
import { test } from 'node:test';
import { adminApi } from '../support/admin-api.ts';
import {
  assertAccessible,
  openPage,
  screenshot,
  uniqueMember,
  useBrowser,
} from '../support/browser.ts';
import { adminPassword, journeyBaseURL, useJourneyServer } from '../support/server.ts';
import { signInThroughApi } from '../support/sign-in.ts';
import { postThread } from '../support/threads.ts';

useJourneyServer();

const browser = useBrowser();

const writeHeaders = () => ({ 'X-Requested-With': 'vanilla', Referer: `${journeyBaseURL()}/` });

// Issue 17: a moderator restores a deleted comment from the Deleted Comments page, then bans a
// member from their profile with a reason; the member can no longer post.
test('a moderator restores a deleted comment and bans a member, who can no longer post', async () => {
  const api = await adminApi();
  const member = uniqueMember('bannable');
  const { page: memberPage } = await openPage(browser, 'mobile');
  const registered = await memberPage.request.post('/api/v2/users/register', {
    data: member,
    headers: { 'X-Requested-With': 'vanilla' },
  });
  assert.equal(registered.status(), 201, await registered.text());
  await signInThroughApi(memberPage, member.name, member.password);

  const thread = await postThread(api, {
    name: 'A thread to moderate',
    comment: 'A comment that comes back.',
  });

  const { page, errors } = await openPage(browser, 'desktop');
  await signInThroughApi(page, 'admin', adminPassword);
  const removed = await page.request.delete(`/api/v2/comments/${thread.commentID}`, {
    headers: writeHeaders(),
  });
  assert.equal(removed.status(), 204, await removed.text());
  await page.goto(
    `/log/filter?parentRecordID=${thread.discussionID}&recordType=comment&operation=delete`,
  );
  await page.getByRole('heading', { level: 1, name: 'Deleted Comments' }).waitFor();
  await page.getByText('A comment that comes back.').waitFor();
  await assertAccessible(page, 'the Deleted Comments page');
  await screenshot(page, 'deleted-comments-1440');
  await page.getByRole('button', { name: /^Restore version/ }).click();
  await page.getByText('Restored.').waitFor();
  await page.getByText('No deleted comments.').waitFor();
  const restored = await page.request.get(`/api/v2/comments/${thread.commentID}`);
  assert.equal(restored.status(), 200);

  // The Revision History of an edited discussion: the earlier words struck out, the new ones marked.
  await api('PATCH', `/discussions/${thread.discussionID}`, {
    name: 'A thread now renamed',
    body: 'Opening post, edited.',
    format: 'text',
  });
  await page.getByRole('link', { name: 'Revision History' }).click();
  await page.getByRole('heading', { level: 1, name: 'Revision History' }).waitFor();
  await page.locator('ins', { hasText: 'renamed' }).first().waitFor();
  await page.locator('del', { hasText: 'moderate' }).first().waitFor();
  await assertAccessible(page, 'the Revision History page');
  await page.setViewportSize({ width: 375, height: 812 });
  await screenshot(page, 'revision-history-375');
  await page.setViewportSize({ width: 1440, height: 900 });

  await page.goto(`/profile/${encodeURIComponent(member.name)}`);
  await page.getByRole('button', { name: 'Ban', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Ban ${member.name}` });
  await dialog.getByLabel('Reason').fill('Posting spam links.');
  await assertAccessible(page, 'the ban dialog');
  await screenshot(page, 'ban-dialog-1440');
  await dialog.getByRole('button', { name: 'Ban', exact: true }).click();
  await page.getByText(`${member.name} is banned.`).waitFor();
  await page.getByRole('button', { name: 'Unban' }).waitFor();

  const post = await memberPage.request.post('/api/v2/discussions', {
    data: { name: 'Not allowed', body: 'x', format: 'text', categoryID: thread.categoryID },
    headers: writeHeaders(),
  });
  assert.equal(post.status(), 401);
  assert.equal(((await post.json()) as { message: string }).message, 'You are banned.');
  const response = await memberPage.goto('/discussions');
  assert.equal(response?.status(), 401);
  await memberPage.getByRole('heading', { level: 1, name: 'You are banned.' }).waitFor();
  await screenshot(memberPage, 'banned-member-375');

  assert.deepEqual(errors, []);
  await page.context().close();
  await memberPage.context().close();
});
