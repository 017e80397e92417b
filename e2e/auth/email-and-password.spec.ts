import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  assertAccessible,
  openPage,
  screenshot,
  uniqueMember,
  useBrowser,
} from '../support/browser.ts';
import { findMailLink, outboxCount } from '../support/mail.ts';
import { useJourneyServer } from '../support/server.ts';

useJourneyServer();

const browser = useBrowser();

test('a new member confirms the e-mail address, then resets a forgotten password', async () => {
  const member = uniqueMember('conf');
  const { page, errors } = await openPage(browser, 'mobile');
  await page.goto('/entry/register');
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Username').fill(member.name);
  await page.getByLabel(/^Password/).fill(member.password);
  await page.getByRole('button', { name: 'Register' }).click();
  await page.getByText('Your email address is not confirmed.').waitFor();
  await screenshot(page, 'unconfirmed-toast-375');

  // Resend from the toast's link.
  const sentBefore = outboxCount();
  await page.getByRole('link', { name: 'Resend confirmation email' }).click();
  await page.getByRole('heading', { level: 1, name: 'Resend confirmation email' }).waitFor();
  await assertAccessible(page, 'resend confirmation page');
  await page.getByRole('button', { name: 'Resend confirmation email' }).click();
  await page.getByText('A confirmation email has been sent.', { exact: false }).waitFor();
  assert.ok(outboxCount() > sentBefore, 'a new confirmation e-mail was sent');

  const confirmLink = await findMailLink(
    member.email,
    /https?:\/\/[^\s"<>]+\/entry\/emailconfirm\/\d+\/[^\s"<>]+/,
  );
  await page.goto(new URL(confirmLink).pathname);
  await page.getByText('Your email address has been confirmed.').waitFor();
  await assertAccessible(page, 'e-mail confirmed page');
  await screenshot(page, 'email-confirmed-375');
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'My Account' }).waitFor();
  assert.equal(await page.getByText('Your email address is not confirmed.').count(), 0);

  // Forgotten password: request the e-mail, follow its link, choose a new password.
  await page.context().clearCookies();
  await page.goto('/entry/signin');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await page.getByRole('heading', { level: 1, name: 'Reset my password' }).waitFor();
  await assertAccessible(page, 'request password page');
  await page.getByLabel('Email/Username').fill(member.email);
  await page.getByRole('button', { name: 'Request a new password' }).click();
  await page
    .getByText('A message has been sent to your email address with password reset instructions.')
    .waitFor();
  await screenshot(page, 'password-requested-375');

  const resetLink = await findMailLink(
    member.email,
    /https?:\/\/[^\s"<>]+\/entry\/passwordreset\/\d+\/[^\s"<>]+/,
  );
  await page.goto(new URL(resetLink).pathname);
  await page.getByLabel(/^New Password/).fill('Another-Horse-77');
  await page.getByLabel(/^Confirm Password/).fill('Another-Horse-78');
  await page.getByRole('button', { name: 'Save Password' }).click();
  await page.getByText('The passwords you entered do not match.').first().waitFor();
  await assertAccessible(page, 'reset password page with an error');
  await screenshot(page, 'password-reset-error-375');
  await page.getByLabel(/^Confirm Password/).fill('Another-Horse-77');
  await page.getByRole('button', { name: 'Save Password' }).click();
  await page.getByText('Your password has been changed.', { exact: false }).waitFor();

  await page.goto('/entry/signin');
  await page.getByLabel('Email/Username').fill(member.name);
  await page.getByLabel(/^Password/).fill('Another-Horse-77');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('banner').getByRole('button', { name: 'My Account' }).waitFor();
  assert.deepEqual(errors, []);
  await page.context().close();
});
