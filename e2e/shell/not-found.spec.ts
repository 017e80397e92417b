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

useJourneyServer();

const browser = useBrowser();

test('an unknown page answers 404 with the not-found message and a way home', async () => {
  for (const viewport of ['desktop', 'mobile'] as const) {
    const { page, errors } = await openPage(browser, viewport);
    const response = await page.goto('/no/such/page');
    assert.equal(response?.status(), 404);
    await page.getByRole('heading', { level: 1, name: 'Page Not Found' }).waitFor();
    assert.equal(
      await page.getByText('The page you were looking for could not be found.').isVisible(),
      true,
    );
    // The title bar stays rendered on error pages.
    assert.equal(
      await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).isVisible(),
      true,
    );
    await assertAccessible(page, `404 page at ${viewports[viewport].width} px`);
    await screenshot(page, `not-found-${viewports[viewport].width}`);
    await page.getByRole('link', { name: 'Back to home page' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    assert.deepEqual(
      errors.filter((error) => !error.includes('404')),
      [],
    );
    await page.context().close();
  }
});
