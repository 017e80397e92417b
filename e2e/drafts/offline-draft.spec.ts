import assert from 'node:assert/strict';
import { test } from 'node:test';
import { openPage, uniqueMember, useBrowser } from '../support/browser.ts';
import { adminApi } from '../support/admin-api.ts';
import { registerConfirmedMember } from '../support/members.ts';
import { useJourneyServer } from '../support/server.ts';

// Issue 16: a member goes offline, types a reply (kept in the browser), comes back online, and
// the draft reaches the server.

useJourneyServer();

const browser = useBrowser();

test('offline, a typed reply stays in the browser; back online, it syncs to the server', async () => {
  const api = await adminApi();
  const suffix = Date.now().toString(36);
  const category = await api<{ categoryID: number }>('POST', '/categories', {
    name: 'Weather',
    urlcode: `weather-${suffix}`,
  });
  const discussion = await api<{ url: string }>('POST', '/discussions', {
    name: 'Storm preparations',
    body: JSON.stringify([{ type: 'p', children: [{ text: 'Tie down the cold frames.' }] }]),
    format: 'rich2',
    categoryID: category.categoryID,
  });

  const member = uniqueMember('off');
  const { page } = await openPage(browser, 'mobile');
  await registerConfirmedMember(page, member);
  await page.goto(new URL(discussion.url).pathname);
  const editor = page.locator('#CreateComment [data-slate-editor="true"]');
  await editor.waitFor();

  await page.context().setOffline(true);
  await editor.click();
  await page.keyboard.type('Sandbags by the shed door');
  await page.getByText(/Offline: your draft is kept in this browser/).waitFor({ timeout: 15_000 });
  const local = await page.evaluate(() =>
    Object.keys(window.localStorage).filter((key) => key.startsWith('hearth.draft.')),
  );
  assert.equal(local.length, 1, 'kept in this browser');

  await page.context().setOffline(false);
  await page.getByText('Draft saved').waitFor({ timeout: 15_000 });
  const drafts = await page.evaluate(async () => {
    const response = await fetch('/api/v2/drafts', { headers: { 'X-Requested-With': 'vanilla' } });
    return (await response.json()) as { attributes: { body?: string } }[];
  });
  assert.equal(drafts.length, 1);
  assert.match(drafts[0]?.attributes.body ?? '', /Sandbags by the shed door/);
  await page.context().close();
});
