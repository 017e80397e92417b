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

test('the My Account flyout opens, closes on Escape and signs out', async () => {
  for (const viewport of ['desktop', 'mobile'] as const) {
    const { page, errors } = await openPage(browser, viewport);
    await signInAsAdmin(page);
    const titleBar = page.getByRole('banner');
    const account = titleBar.getByRole('button', { name: 'My Account' });
    await account.click();
    const flyout = page.getByRole('group', { name: 'My Account' });
    await flyout.getByRole('link', { name: 'Edit Profile' }).waitFor();
    await assertAccessible(page, `My Account flyout at ${viewports[viewport].width} px`);
    await screenshot(page, `account-flyout-${viewports[viewport].width}`);
    await page.keyboard.press('Escape');
    await flyout.waitFor({ state: 'detached' });
    assert.equal(
      await account.evaluate((element) => element === element.ownerDocument.activeElement),
      true,
    );

    await account.click();
    const signOut = flyout.getByRole('link', { name: 'Sign Out' });
    assert.match(
      (await signOut.getAttribute('href')) ?? '',
      /^\/entry\/signout\?TransientKey=[^&]+&Target=%2F$/,
    );
    await signOut.click();
    await titleBar.getByRole('link', { name: 'Sign In' }).waitFor();
    assert.equal(await titleBar.getByRole('button', { name: 'My Account' }).count(), 0);
    // The session is gone on the server too.
    const me = await page.evaluate(
      async () => (await fetch('/api/v2/users/me')).json() as Promise<{ userID: number }>,
    );
    assert.equal(me.userID, 0);
    assert.deepEqual(errors, []);
    await page.context().close();
  }
});

test('a sign-out link without the transient key asks first', async () => {
  const { page } = await openPage(browser, 'desktop');
  await signInAsAdmin(page);
  await page.goto('/entry/signout?TransientKey=wrong');
  await page.getByText('Are you sure you want to sign out?').waitFor();
  await assertAccessible(page, 'sign-out confirmation');
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).waitFor();
  await page.context().close();
});

test('the account settings page saves and shows its result', async () => {
  for (const viewport of ['desktop', 'mobile'] as const) {
    const { page, errors } = await openPage(browser, viewport);
    await signInAsAdmin(page);
    await page.goto('/profile/edit');
    await page.getByRole('heading', { level: 1, name: 'Edit Profile' }).waitFor();
    await assertAccessible(page, `account settings at ${viewports[viewport].width} px`);
    await screenshot(page, `edit-profile-${viewports[viewport].width}`);
    const isPrivate = page.getByLabel('Private profile');
    const wasPrivate = await isPrivate.isChecked();
    await isPrivate.setChecked(!wasPrivate);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Your changes have been saved.').waitFor();
    await page.reload();
    assert.equal(await page.getByLabel('Private profile').isChecked(), !wasPrivate);
    assert.deepEqual(errors, []);
    await page.context().close();
  }
});
