import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { assertAccessible, launchBrowser, openPage, screenshot } from '../support/browser.ts';
import { adminApi, type AdminApi } from '../support/admin-api.ts';
import { useJourneyServer } from '../support/server.ts';
import { signInAsAdmin } from '../support/sign-in.ts';

// Issue 16: an administrator (schedule.allow) writes a discussion, schedules it a few seconds
// ahead (the site's shortest lead time set to 0 for the journey), sees it among the scheduled
// posts, and the server's job publishes it on time.

useJourneyServer();

let browser: Browser;
let api: AdminApi;
before(async () => {
  browser = await launchBrowser();
  api = await adminApi();
  await api('PATCH', '/config', { 'drafts.scheduling.minimumLeadSeconds': 0 });
});
after(async () => {
  await api('PATCH', '/config', { 'drafts.scheduling.minimumLeadSeconds': 900 });
  await browser.close();
});

test('a scheduled discussion is published by the server at its time', async () => {
  const suffix = Date.now().toString(36);
  await api('POST', '/categories', { name: 'Almanac', urlcode: `almanac-${suffix}` });
  const title = `First frost expected ${suffix}`;

  const { page, errors } = await openPage(browser, 'desktop');
  await signInAsAdmin(page);
  await page.goto('/post/discussion');
  await page.getByRole('heading', { level: 1, name: 'New Discussion' }).waitFor();
  await page.getByLabel(/^Category/).selectOption({ label: 'Almanac' });
  await page.getByLabel(/^Title/).fill(title);
  const body = page.locator('[data-slate-editor="true"]');
  await body.waitFor();
  await body.click();
  await page.keyboard.type('Cover the dahlias tonight.');

  await page.getByRole('button', { name: 'Schedule…' }).click();
  // Twenty seconds ahead, in the browser's own time zone (the field is a local date and time):
  // room for the accessibility check and the submit on a loaded machine, or the time has passed.
  const when = await page.evaluate(() => {
    const date = new Date(Date.now() + 20_000);
    const pad = (value: number) => String(value).padStart(2, '0');
    return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
  });
  await page.getByLabel('Publish on').fill(when);
  await assertAccessible(page, 'schedule a discussion');
  await page.getByRole('form', { name: 'Schedule' }).getByRole('button', { name: 'Schedule' }).click();

  await page.waitForURL(/\/drafts\?draftStatus=scheduled$/);
  await page.getByRole('article', { name: title }).waitFor();
  await screenshot(page, 'scheduled-discussion');

  // The job publishes it: the discussion list shows it within seconds of its time.
  const deadline = Date.now() + 60_000;
  for (;;) {
    await page.goto('/discussions');
    if ((await page.getByRole('link', { name: title }).count()) > 0) break;
    assert.ok(Date.now() < deadline, 'the scheduled discussion was published');
    await page.waitForTimeout(1000);
  }
  await page.goto('/drafts?draftStatus=scheduled');
  await page.getByText('You have no scheduled posts.').waitFor();
  assert.deepEqual(errors, []);
  await page.context().close();
});
