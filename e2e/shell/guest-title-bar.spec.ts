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

test('a guest sees Sign In and Register, and the default navigation', async () => {
  for (const viewport of ['desktop', 'mobile'] as const) {
    const { page, errors } = await openPage(browser, viewport);
    const response = await page.goto('/');
    assert.equal(response?.status(), 200);
    const titleBar = page.getByRole('banner');
    await titleBar.getByRole('link', { name: 'Sign In' }).waitFor();
    assert.equal(await titleBar.getByRole('link', { name: 'Register' }).isVisible(), true);
    if (viewport === 'desktop') {
      const navigation = titleBar.getByRole('navigation', { name: 'Main' });
      assert.equal(
        await navigation.getByRole('link', { name: 'Posts' }).getAttribute('href'),
        '/discussions',
      );
      assert.equal(
        await navigation.getByRole('link', { name: 'Categories' }).getAttribute('href'),
        '/categories',
      );
    }
    await assertAccessible(page, `home as a guest at ${viewports[viewport].width} px`);
    await screenshot(page, `home-guest-${viewports[viewport].width}`);
    assert.deepEqual(errors, []);
    await page.context().close();
  }
});

test('the Sign In link carries the current page as target, except on /entry pages', async () => {
  const { page } = await openPage(browser, 'desktop');
  await page.goto('/some/page?x=1');
  const signIn = page.getByRole('banner').getByRole('link', { name: 'Sign In' });
  assert.equal(
    await signIn.getAttribute('href'),
    `/entry/signin?target=${encodeURIComponent('/some/page?x=1')}`,
  );
  await page.goto('/entry/register');
  assert.equal(
    await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).getAttribute('href'),
    '/entry/signin',
  );
  await page.context().close();
});

test('the skip link is the first stop and moves focus to the content', async () => {
  const { page } = await openPage(browser, 'desktop');
  await page.goto('/');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  assert.equal(
    await skip.evaluate((element) => element === element.ownerDocument.activeElement),
    true,
  );
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => url.hash === '#content');
  await page.context().close();
});
