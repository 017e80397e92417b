import assert from 'node:assert/strict';
import { test } from 'node:test';
import { adminApi } from '../support/admin-api.ts';
import { assertAccessible, openPage, screenshot, useBrowser } from '../support/browser.ts';
import { adminPassword, useJourneyServer } from '../support/server.ts';
import { signInThroughApi } from '../support/sign-in.ts';
import { postThread } from '../support/threads.ts';

useJourneyServer();

const browser = useBrowser();

// Issue 17 (api-contract §27.7): a moderator escalates a reported comment, then follows it up on the
// escalations screens: the list, the detail with its reports, the status, the assignee and a comment.
test('a moderator follows up an escalation: status, assignee and a comment', async () => {
  const api = await adminApi();
  await api('PATCH', '/config', { 'featureFlags.escalations.Enabled': true });
  const thread = await postThread(api, {
    name: 'A thread to escalate',
    comment: 'Threatening words here.',
  });
  const name = `Threats ${String(Date.now())}`;
  const escalation = await api<{ escalationID: number }>('POST', '/escalations', {
    recordType: 'comment',
    recordID: thread.commentID,
    name,
    reportReasonIDs: ['abuse'],
    initialCommentBody: 'Needs a second look.',
    initialCommentFormat: 'text',
  });

  const { page, errors } = await openPage(browser, 'desktop');
  await signInThroughApi(page, 'admin', adminPassword);
  await page.goto('/dashboard/content/escalations');
  await page.getByRole('heading', { level: 1, name: 'Escalations' }).waitFor();
  await page.getByRole('link', { name }).waitFor();
  await assertAccessible(page, 'the escalations list');
  await screenshot(page, 'escalations-1440');
  await page.getByRole('link', { name }).click();

  await page.getByRole('heading', { level: 1, name }).waitFor();
  await page.getByText('Threatening words here.').waitFor();
  await page.getByText('Needs a second look.').waitFor();
  await page.getByLabel('Status').selectOption({ label: 'In Progress' });
  await page.getByRole('button', { name: 'Assign to me' }).click();
  await page.getByText('Assigned to admin').waitFor();
  await page.getByLabel('Comment').fill('Spoke to the author.');
  await page.getByRole('button', { name: 'Post Comment' }).click();
  await page.getByText('Spoke to the author.', { exact: true }).waitFor();
  await page.getByRole('heading', { name: '2 comments' }).waitFor();
  await assertAccessible(page, 'an escalation');
  await page.setViewportSize({ width: 375, height: 812 });
  await screenshot(page, 'escalation-375');

  const saved = await api<{
    status: string;
    assignedUser: { name: string } | null;
    countComments: number;
  }>('GET', `/escalations/${String(escalation.escalationID)}`);
  assert.equal(saved.status, 'in-progress');
  assert.equal(saved.assignedUser?.name, 'admin');
  assert.equal(saved.countComments, 2);
  assert.deepEqual(errors, []);
  await page.context().close();
});
