import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assertAccessible, openPage, screenshot, useBrowser } from '../support/browser.ts';
import { useJourneyServer } from '../support/server.ts';

useJourneyServer();

const browser = useBrowser();

test('at 375 px the hamburger opens the Site Navigation panel', async () => {
  const { page, errors } = await openPage(browser, 'mobile');
  await page.goto('/');
  const titleBar = page.getByRole('banner');
  // The wide navigation is hidden on compact screens.
  assert.equal(await titleBar.getByRole('navigation', { name: 'Main' }).isVisible(), false);
  const menuButton = titleBar.getByRole('button', { name: 'Site Navigation' });
  await menuButton.click();
  const panel = page.getByRole('dialog', { name: 'Site Navigation' });
  await panel.waitFor();
  assert.equal(await panel.getByRole('link', { name: 'Posts' }).isVisible(), true);
  assert.equal(await panel.getByRole('link', { name: 'Categories' }).isVisible(), true);
  assert.equal(await panel.getByRole('link', { name: 'Sign In' }).isVisible(), true);
  await assertAccessible(page, 'Site Navigation panel at 375 px');
  await screenshot(page, 'site-navigation-375');
  await page.keyboard.press('Escape');
  await panel.waitFor({ state: 'detached' });
  assert.equal(
    await menuButton.evaluate((element) => element === element.ownerDocument.activeElement),
    true,
  );
  assert.deepEqual(errors, []);
  await page.context().close();
});
