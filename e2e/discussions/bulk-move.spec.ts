import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { assertAccessible, openPage, screenshot, useBrowser } from '../support/browser.ts';
import { adminPassword, useJourneyServer } from '../support/server.ts';

useJourneyServer();

const browser = useBrowser();

/** Calls the API from the page, as the signed-in user (cookie + transient key of the bootstrap). */
async function apiCall<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  const result = await page.evaluate(
    async ({ method, path, body }) => {
      const bootstrap = JSON.parse(
        document.getElementById('hearth-bootstrap')?.textContent ?? '{}',
      ) as { transientKey?: string };
      const response = await fetch(`/api/v2${path}`, {
        method,
        headers: {
          'Content-Type': 'application/json',
          'X-Requested-With': 'vanilla',
          'X-Transient-Key': bootstrap.transientKey ?? '',
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, text: await response.text() };
    },
    { method, path, body },
  );
  assert.ok(result.status < 300, `${method} ${path} answered ${result.status}: ${result.text}`);
  return (result.text === '' ? undefined : JSON.parse(result.text)) as T;
}

async function signIn(page: Page, name: string, password: string): Promise<void> {
  await page.goto('/entry/signin');
  await page.getByLabel('Email/Username').fill(name);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('banner').getByRole('button', { name: 'My Account' }).waitFor();
}

function rich2(text: string): string {
  return JSON.stringify([{ type: 'p', children: [{ text }] }]);
}

test('an administrator selects two discussions in /discussions and moves them', async () => {
  for (const viewport of ['desktop', 'mobile'] as const) {
    const width = viewport === 'desktop' ? 1440 : 375;
    const { page, errors } = await openPage(browser, viewport);
    await signIn(page, 'admin', adminPassword);
    const suffix = `${Date.now().toString(36)}${width}`;
    const source = await apiCall<{ categoryID: number }>(page, 'POST', '/categories', {
      name: `Seed Swap ${suffix}`,
      urlcode: `seed-swap-${suffix}`,
    });
    const target = await apiCall<{ categoryID: number; name: string }>(
      page,
      'POST',
      '/categories',
      {
        name: `Greenhouse ${suffix}`,
        urlcode: `greenhouse-${suffix}`,
      },
    );
    const names = [`Saving bean seeds ${width}`, `Trading squash seeds ${width}`];
    const ids: number[] = [];
    for (const name of names) {
      const created = await apiCall<{ discussionID: number }>(page, 'POST', '/discussions', {
        name,
        body: rich2(`${name}: who has some to share?`),
        format: 'rich2',
        categoryID: source.categoryID,
      });
      ids.push(created.discussionID);
    }

    await page.goto('/discussions');
    for (const name of names) {
      await page.getByRole('checkbox', { name: `Select ${name}` }).check();
    }
    const bar = page.getByRole('region', { name: 'Bulk actions' });
    await bar.getByText('2 selected').waitFor();
    await assertAccessible(page, `the selection toast at ${width} px`);
    await screenshot(page, `bulk-move-selected-${width}`);

    await bar.getByRole('button', { name: 'Move' }).click();
    const dialog = page.getByRole('dialog', { name: 'Move 2 discussions' });
    await dialog.getByLabel('Find a category').fill(target.name);
    await dialog.getByRole('radio', { name: target.name }).check();
    await screenshot(page, `bulk-move-modal-${width}`);
    await dialog.getByRole('button', { name: 'Move' }).click();

    // Both items end in success and show their new category; the toast goes once none is checked.
    for (const name of names) {
      const item = page.getByRole('listitem').filter({ has: page.getByRole('link', { name }) });
      await item.getByRole('status').filter({ hasText: 'Done' }).waitFor();
      await item.getByRole('link', { name: target.name }).waitFor();
    }
    await bar.waitFor({ state: 'detached' });
    await page.getByText('2 discussions moved.').waitFor();
    await screenshot(page, `bulk-move-done-${width}`);

    for (const id of ids) {
      const moved = await apiCall<{ categoryID: number }>(page, 'GET', `/discussions/${id}`);
      assert.equal(moved.categoryID, target.categoryID);
    }
    // The selection is persisted per list: nothing remains checked or pending after a reload.
    await page.reload();
    for (const name of names) {
      assert.equal(await page.getByRole('checkbox', { name: `Select ${name}` }).isChecked(), false);
    }
    assert.deepEqual(errors, []);
    await page.context().close();
  }
});
