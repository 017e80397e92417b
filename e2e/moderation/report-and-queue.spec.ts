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
import { registerConfirmedMember } from '../support/members.ts';
import { adminPassword, journeyBaseURL, useJourneyServer } from '../support/server.ts';
import { signInThroughApi } from '../support/sign-in.ts';
import { postThread } from '../support/threads.ts';

useJourneyServer();

const browser = useBrowser();

const writeHeaders = () => ({ 'X-Requested-With': 'vanilla', Referer: `${journeyBaseURL()}/` });

// Issue 17: a member reports a comment, a moderator sees it in the reports dashboard and removes
// the comment; a member's post in a premoderated category waits in the queue until approved.
test('a member reports a comment that a moderator removes; a queued post appears after approval', async () => {
  const api = await adminApi();
  await api('PATCH', '/config', { 'featureFlags.escalations.Enabled': true });
  const member = uniqueMember('reporter');
  const { page: memberPage, errors: memberErrors } = await openPage(browser, 'mobile');
  await registerConfirmedMember(memberPage, member);

  const discussion = await postThread(api, {
    name: 'A thread with a bad comment',
    comment: 'Buy cheap watches here.',
  });

  // The member reports the comment from the discussion page (375 px).
  await memberPage.goto(new URL(discussion.url).pathname);
  await memberPage.getByText('Buy cheap watches here.').waitFor();
  await memberPage.getByRole('button', { name: 'Report', exact: true }).first().click();
  const dialog = memberPage.getByRole('dialog', { name: 'Report' });
  await dialog.getByRole('checkbox', { name: 'Spam / Solicitation' }).check();
  await dialog.getByLabel('Note (optional)').fill('<script>alert(1)</script> spam');
  await assertAccessible(memberPage, 'the report dialog');
  await screenshot(memberPage, 'report-dialog-375');
  await dialog.getByRole('button', { name: 'Send Report' }).click();
  await memberPage.getByText('Thanks. A moderator will look at it.').waitFor();

  // The moderator removes it from the reports dashboard (1440 px).
  const { page, errors } = await openPage(browser, 'desktop');
  await signInThroughApi(page, 'admin', adminPassword);
  await page.goto('/dashboard/content/reports');
  await page.getByRole('heading', { level: 1, name: 'Reports' }).waitFor();
  const item = page.getByRole('listitem').filter({ hasText: 'Re: A thread with a bad comment' });
  await item.getByText('<script>alert(1)</script> spam').waitFor();
  await assertAccessible(page, 'the reports dashboard');
  await screenshot(page, 'reports-dashboard-1440');
  await item.getByRole('button', { name: 'Remove post' }).click();
  await page.getByText('No reports here.').waitFor();
  const gone = await memberPage.request.get(
    `/api/v2/comments?discussionID=${discussion.discussionID}`,
  );
  assert.deepEqual(((await gone.json()) as unknown[]).length, 0);

  // A post in a premoderated category waits for approval, then appears.
  await api('PATCH', '/config', {
    'premoderation.discussions': true,
    'premoderation.categoryIDs': [discussion.categoryID],
  });
  try {
    const queued = await memberPage.request.post('/api/v2/discussions', {
      data: {
        name: 'My first post waits',
        body: 'Hello everyone.',
        format: 'text',
        categoryID: discussion.categoryID,
      },
      headers: writeHeaders(),
    });
    assert.equal(queued.status(), 202, await queued.text());
    const { reportID } = (await queued.json()) as { reportID: number };
    await page.goto('/dashboard/content/reports?reportReasonID=approval-required');
    // The moderator fixes the title before approving it (premoderatedRecord, then approve-record).
    const entry = page.getByRole('listitem').filter({ hasText: 'My first post waits' });
    await entry.getByRole('button', { name: 'Edit and Approve', exact: true }).click();
    const form = entry.getByRole('form', { name: 'Edit and Approve' });
    await form.getByLabel('Title').fill('My first post, approved');
    await assertAccessible(page, 'the queue’s edit form');
    await form.getByRole('button', { name: 'Save and Approve', exact: true }).click();
    await page.getByText('No reports here.').waitFor();
    await page.setViewportSize({ width: 375, height: 812 });
    await screenshot(page, 'reports-queue-375');
    const approved = await api<{ recordID: number }>('GET', `/reports/${reportID}`);
    const visible = await memberPage.request.get(`/api/v2/discussions/${approved.recordID}`);
    assert.equal(visible.status(), 200);
    assert.equal(((await visible.json()) as { name: string }).name, 'My first post, approved');
  } finally {
    await api('PATCH', '/config', {
      'premoderation.discussions': false,
      'premoderation.categoryIDs': [],
    });
  }

  assert.deepEqual(errors, []);
  assert.deepEqual(memberErrors, []);
  await page.context().close();
  await memberPage.context().close();
});
