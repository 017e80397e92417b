import assert from 'node:assert/strict';
import { test } from 'node:test';
import { adminApi } from '../support/admin-api.ts';
import { assertAccessible, openPage, screenshot, useBrowser } from '../support/browser.ts';
import { useJourneyServer } from '../support/server.ts';
import { signInAsAdmin } from '../support/sign-in.ts';

useJourneyServer();

const browser = useBrowser();

const rich2 = (text: string) => JSON.stringify([{ type: 'p', children: [{ text }] }]);

test('an administrator splits two comments into a new discussion, then deletes one of them', async () => {
  const api = await adminApi();
  const suffix = Date.now().toString(36);
  const source = await api<{ categoryID: number }>('POST', '/categories', {
    name: `Orchard ${suffix}`,
    urlcode: `orchard-${suffix}`,
  });
  const target = await api<{ categoryID: number; name: string }>('POST', '/categories', {
    name: `Cider Press ${suffix}`,
    urlcode: `cider-press-${suffix}`,
  });
  const discussion = await api<{ discussionID: number; url: string }>('POST', '/discussions', {
    name: `Pruning old apple trees ${suffix}`,
    body: rich2('When is the best time to prune?'),
    format: 'rich2',
    categoryID: source.categoryID,
  });
  const texts = ['Late winter, before the buds.', 'Press the windfalls for cider.', 'Mix sweet and sharp apples.'];
  const commentIDs: number[] = [];
  for (const text of texts) {
    const comment = await api<{ commentID: number }>('POST', '/comments', {
      discussionID: discussion.discussionID,
      body: rich2(text),
      format: 'rich2',
    });
    commentIDs.push(comment.commentID);
  }

  const { page, errors } = await openPage(browser, 'desktop');
  await signInAsAdmin(page);
  await page.goto(new URL(discussion.url).pathname);
  for (const id of [commentIDs[1], commentIDs[2]]) {
    await page.locator(`#Comment_${id}`).getByRole('checkbox', { name: 'Select comment by admin' }).check();
  }
  const bar = page.getByRole('region', { name: 'Comment bulk actions' });
  await bar.getByText('2 comments selected').waitFor();
  await assertAccessible(page, 'the comment selection bar');

  await bar.getByRole('button', { name: 'Split' }).click();
  const dialog = page.getByRole('dialog', { name: 'Split Comments' });
  await dialog.getByLabel(/New Discussion Title/).fill(`Making cider ${suffix}`);
  await dialog.getByLabel('Find a category').fill(target.name);
  await dialog.getByRole('radio', { name: target.name }).check();
  await screenshot(page, 'split-comments-modal');
  await dialog.getByRole('button', { name: 'Split' }).click();

  await page.getByText('2 comments split into a new discussion.').waitFor();
  await dialog.waitFor({ state: 'detached' });
  // The split comments leave the thread; the first stays.
  await page.getByText(texts[1] ?? '').waitFor({ state: 'detached' });
  await page.getByText(texts[0] ?? '').waitFor();

  await page.getByRole('link', { name: 'Go to the new discussion' }).click();
  await page.getByRole('heading', { name: `Making cider ${suffix}` }).waitFor();
  await page.getByText(texts[1] ?? '').waitFor();
  await page.getByText(texts[2] ?? '').waitFor();

  await page
    .locator(`#Comment_${commentIDs[2]}`)
    .getByRole('checkbox', { name: 'Select comment by admin' })
    .check();
  await page
    .getByRole('region', { name: 'Comment bulk actions' })
    .getByRole('button', { name: 'Delete' })
    .click();
  const confirm = page.getByRole('dialog', { name: 'Delete Comments' });
  await confirm.getByText('Are you sure you want to delete 1 comment?').waitFor();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await page.getByText('1 comment deleted.').waitFor();
  await page.getByText(texts[2] ?? '').waitFor({ state: 'detached' });
  await screenshot(page, 'split-comments-done');

  const moved = await api<{ categoryID: number }[]>(
    'GET',
    `/comments?discussionID=${discussion.discussionID}`,
  );
  assert.equal(moved.length, 1);
  assert.deepEqual(errors, []);
  await page.context().close();
});
