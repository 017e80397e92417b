/// <reference lib="dom" />
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  assertAccessible,
  openPage,
  screenshot,
  useBrowser,
  viewports,
} from '../support/browser.ts';
import { useJourneyServer } from '../support/server.ts';
import { signInAsAdmin } from '../support/sign-in.ts';

useJourneyServer();

const browser = useBrowser();

test('an administrator creates a members-hidden category, reorders it and deletes it', async () => {
  for (const viewport of ['desktop', 'mobile'] as const) {
    const width = viewports[viewport].width;
    const name = `Staff ${width}`;
    const { page, errors } = await openPage(browser, viewport);
    await signInAsAdmin(page);
    await page.goto('/dashboard/categories');
    await page.getByRole('link', { name: 'New Category' }).click();
    await page.getByRole('heading', { level: 1, name: 'New Category' }).waitFor();
    await page.getByLabel(/^Name/).fill(name);
    assert.equal(await page.getByLabel(/^URL code/).inputValue(), `staff-${width}`);
    await page.getByLabel('Use custom permissions').check();
    const memberView = page.getByRole('checkbox', { name: 'Member: Discussions View' });
    // The grid starts from the member role's default grants.
    assert.equal(await memberView.isChecked(), true);
    await memberView.uncheck();
    await page.getByRole('checkbox', { name: 'Guest: Discussions View' }).uncheck();
    await assertAccessible(page, `category form at ${width} px`);
    await screenshot(page, `admin-category-form-${width}`);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(`The category ${name} has been created.`).waitFor();

    // The new category comes last; moving it up puts it before the one above it.
    const list = page.getByRole('list', { name: 'Categories' });
    await list.getByText(name, { exact: true }).waitFor();
    const names = async () =>
      (await list.locator(':scope > li').allInnerTexts()).map((text) => text.split('\n')[0]);
    const before = await names();
    assert.equal(before.at(-1), name);
    await page.getByRole('button', { name: `Move ${name} up` }).click();
    await page.waitForFunction((label) => {
      const items = [...document.querySelectorAll('ul[aria-label="Categories"] > li')];
      return items.at(-1)?.textContent?.startsWith(label) === false;
    }, name);
    assert.equal((await names()).indexOf(name), before.length - 2);
    await assertAccessible(page, `category tree at ${width} px`);
    await screenshot(page, `admin-categories-${width}`);

    // The saved grid: members and guests may not view it.
    await page.getByRole('link', { name: `Edit ${name}` }).click();
    await page.getByRole('heading', { level: 1, name: 'Edit Category' }).waitFor();
    assert.equal(
      await page.getByRole('checkbox', { name: 'Member: Discussions View' }).isChecked(),
      false,
    );
    assert.equal(
      await page.getByRole('checkbox', { name: 'Moderator: Discussions View' }).isChecked(),
      true,
    );
    const visibleToGuests = await page.evaluate(async () => {
      const response = await fetch('/api/v2/categories?outputFormat=flat', {
        credentials: 'omit',
        headers: { 'X-Requested-With': 'vanilla' },
      });
      return ((await response.json()) as { name: string }[]).map((category) => category.name);
    });
    assert.equal(visibleToGuests.includes(name), false);

    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Delete ${name}` });
    await dialog.getByLabel('Move them to another category').check();
    await assertAccessible(page, `delete dialog at ${width} px`);
    await screenshot(page, `admin-category-delete-${width}`);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByText(`The category ${name} has been deleted.`).waitFor();
    assert.equal(await list.getByText(name, { exact: true }).count(), 0);
    assert.deepEqual(errors, []);
    await page.context().close();
  }
});
