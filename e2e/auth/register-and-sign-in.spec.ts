import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  assertAccessible,
  openPage,
  screenshot,
  uniqueMember,
  useBrowser,
} from '../support/browser.ts';
import { advanceServerClock } from '../support/clock.ts';
import { useJourneyServer } from '../support/server.ts';

useJourneyServer();

const browser = useBrowser();

test('a guest registers, signs out and signs in again through the forms', async () => {
  const member = uniqueMember('reg');
  const { page, errors } = await openPage(browser, 'desktop');

  await page.goto('/entry/register');
  await page.getByRole('heading', { level: 1, name: 'Register' }).waitFor();
  await assertAccessible(page, 'register page');
  await screenshot(page, 'register-1440');

  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Username').fill(member.name);
  await page.getByLabel(/^Password/).fill(member.password);
  await page.getByRole('button', { name: 'Register' }).click();

  // Registered and signed in: back home with the account menu.
  await page.waitForURL((url) => url.pathname === '/');
  const titleBar = page.getByRole('banner');
  const account = titleBar.getByRole('button', { name: 'My Account' });
  await account.waitFor();
  assert.equal(await titleBar.getByRole('link', { name: 'Sign In' }).count(), 0);
  // New addresses start unconfirmed: the persistent toast offers to resend.
  await page.getByText('Your email address is not confirmed.').waitFor();
  assert.equal(
    await page.getByRole('link', { name: 'Resend confirmation email' }).getAttribute('href'),
    '/entry/emailconfirmrequest',
  );
  await assertAccessible(page, 'home as a new member');
  await screenshot(page, 'home-new-member-1440');

  await account.click();
  await page
    .getByRole('group', { name: 'My Account' })
    .getByText(member.name, { exact: true })
    .waitFor();
  await page.getByRole('link', { name: 'Sign Out' }).click();
  await titleBar.getByRole('link', { name: 'Sign In' }).waitFor();
  assert.equal(await titleBar.getByRole('button', { name: 'My Account' }).count(), 0);

  await titleBar.getByRole('link', { name: 'Sign In' }).click();
  await page.getByRole('heading', { level: 1, name: 'Sign In' }).waitFor();
  await page.getByLabel('Email/Username').fill(member.email);
  await page.getByLabel(/^Password/).fill(member.password);
  await page.getByLabel('Keep me signed in').check();
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await titleBar.getByRole('button', { name: 'My Account' }).waitFor();
  const cookies = await page.context().cookies();
  const session = cookies.find((cookie) => cookie.name === 'hearth');
  assert.ok(session, 'a session cookie is set');
  assert.ok(
    session.expires > Date.now() / 1000 + 7 * 24 * 3600,
    '"Keep me signed in" makes the cookie persistent',
  );
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('a wrong password shows the error next to the password field and honours target afterwards', async () => {
  const member = uniqueMember('tgt');
  const { page } = await openPage(browser, 'mobile');
  await page.goto('/entry/register');
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Username').fill(member.name);
  await page.getByLabel(/^Password/).fill(member.password);
  await page.getByRole('button', { name: 'Register' }).click();
  await page.getByRole('banner').getByRole('button', { name: 'My Account' }).waitFor();
  await page.context().clearCookies();
  // The register page signed the member in from this address: one attempt per second per account
  // and address (api-contract §1.13) holds for the next one, however fast the journey runs.
  await advanceServerClock(1);

  await page.goto(`/entry/signin?target=${encodeURIComponent('/profile/edit')}`);
  await screenshot(page, 'signin-375');
  await assertAccessible(page, 'sign-in page at 375 px');
  await page.getByLabel('Email/Username').fill(member.name);
  await page.getByLabel(/^Password/).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  // The field's error, or else the form-level message (a throttle's 429): whichever shows first,
  // so a wrong answer fails at once with what the member read.
  const password = page.getByLabel(/^Password/);
  const fieldError = page.locator('input[name="password"][aria-invalid="true"]');
  const formMessage = page.getByRole('main').getByRole('alert');
  await fieldError.or(formMessage).first().waitFor();
  assert.equal(
    await formMessage.count(),
    0,
    `no form message: ${await page.getByRole('main').innerText()}`,
  );
  const describedBy = (await password.getAttribute('aria-describedby')) ?? '';
  const message = await page.locator(`[id="${describedBy}"]`).textContent();
  assert.equal(message, 'The password you entered is incorrect.');
  await assertAccessible(page, 'sign-in page with a field error');
  await screenshot(page, 'signin-error-375');

  // One password attempt per second per account and address (api-contract §1.13): a member takes
  // that second to type the password again; the server's clock takes it for the journey.
  await advanceServerClock(1);
  await password.fill(member.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((url) => url.pathname === '/profile/edit');
  await page.getByRole('heading', { level: 1, name: 'Edit Profile' }).waitFor();
  await page.context().close();
});

// Session 8's failures: a click that beat hydration sent the browser's own GET (the password in the
// address, the field error never shown). The form's controls wait for hydration (HydratedFieldset).
test('the sign-in form stays disabled until the page hydrates, so an early click sends nothing', async () => {
  const { page } = await openPage(browser, 'mobile');
  let release = () => {};
  const scriptsHeld = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\.js(\?|$)/, async (route) => {
    await scriptsHeld;
    await route.continue();
  });
  await page.goto('/entry/signin', { waitUntil: 'commit' });
  const button = page.getByRole('button', { name: 'Sign In' });
  await button.waitFor({ state: 'attached' });
  assert.equal(await button.isDisabled(), true, 'Sign In waits for hydration');
  assert.equal(await page.getByLabel('Email/Username').isDisabled(), true);
  await button.click({ force: true });
  assert.equal(new URL(page.url()).search, '', 'no form was sent');
  release();
  await page.getByLabel('Email/Username').fill('nobody-by-this-name');
  await page.getByLabel(/^Password/).fill('not-the-password');
  await button.click();
  await page.locator('input[name="username"][aria-invalid="true"]').waitFor();
  assert.equal(new URL(page.url()).search, '');
  await page.context().close();
});
