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

test('an administrator changes the edit timeout and finds it saved after a reload', async () => {
  const amounts = { desktop: '2', mobile: '45' } as const;
  const units = { desktop: 'hours', mobile: 'minutes' } as const;
  for (const viewport of ['desktop', 'mobile'] as const) {
    const width = viewports[viewport].width;
    const { page, errors } = await openPage(browser, viewport);
    await signInAsAdmin(page);
    await page.goto('/dashboard/settings');
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    const posting = page.getByRole('region', { name: 'Posting' });
    const timeout = posting.getByLabel('Edit timeout');
    await timeout.waitFor();
    await assertAccessible(page, `settings at ${width} px`);
    await screenshot(page, `admin-settings-${width}`);

    await timeout.fill(amounts[viewport]);
    await posting.getByLabel('Unit').first().selectOption(units[viewport]);
    // A value out of the registry's bounds is caught before sending, next to its field.
    const window = page.getByLabel('Discussion window');
    await window.fill('0');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Enter a number of at least 1.').waitFor();
    assert.equal(await window.getAttribute('aria-invalid'), 'true');
    await assertAccessible(page, `settings with an error at ${width} px`);
    await screenshot(page, `admin-settings-error-${width}`);
    await window.fill('60');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Your changes have been saved.').waitFor();

    await page.reload();
    const reloaded = page.getByRole('region', { name: 'Posting' });
    await reloaded.getByLabel('Edit timeout').waitFor();
    assert.equal(await reloaded.getByLabel('Edit timeout').inputValue(), amounts[viewport]);
    assert.equal(await reloaded.getByLabel('Unit').first().inputValue(), units[viewport]);
    // The API agrees: the value is stored in seconds.
    const stored = await page.evaluate(async () => {
      const response = await fetch('/api/v2/config?select=ui.editContentTimeout', {
        headers: { 'X-Requested-With': 'vanilla' },
      });
      return (await response.json()) as Record<string, unknown>;
    });
    assert.deepEqual(stored, {
      'ui.editContentTimeout': viewport === 'desktop' ? 7200 : 2700,
    });
    assert.deepEqual(errors, []);
    await page.context().close();
  }
});

test('a guest gets the permission page at /dashboard/settings', async () => {
  const { page } = await openPage(browser, 'mobile');
  const response = await page.goto('/dashboard/settings');
  assert.equal(response?.status(), 403);
  await page.getByRole('heading', { level: 1, name: 'Permission Problem' }).waitFor();
  await page.context().close();
});
