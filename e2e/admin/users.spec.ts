import assert from 'node:assert/strict';
import { test } from 'node:test';
import { adminApi } from '../support/admin-api.ts';
import {
  assertAccessible,
  openPage,
  screenshot,
  uniqueMember,
  useBrowser,
  viewports,
} from '../support/browser.ts';
import { useJourneyServer } from '../support/server.ts';
import { signInAsAdmin } from '../support/sign-in.ts';

useJourneyServer();

const browser = useBrowser();

test('an administrator finds members on the users dashboard, bans one with a reason, gives another a role and deletes them', async () => {
  const api = await adminApi();
  const members = [uniqueMember('dash'), uniqueMember('dash')];
  for (const member of members) {
    await api('POST', '/users', { ...member, sendWelcomeEmail: false });
  }
  for (const viewport of ['desktop', 'mobile'] as const) {
    const width = viewports[viewport].width;
    const { page, errors } = await openPage(browser, viewport);
    await signInAsAdmin(page);
    await page.goto('/dashboard/users');
    await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
    const table = page.getByRole('region', { name: 'Members' });
    // members[1] stays listed (banned) after the desktop pass deletes members[0].
    await table.getByRole('rowheader', { name: members[1]?.name }).waitFor();
    await assertAccessible(page, `users dashboard at ${width} px`);
    // The table scrolls inside its region; the page itself never scrolls sideways.
    const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(pageWidth <= width, `page is ${pageWidth} px wide at ${width} px`);
    await screenshot(page, `users-dashboard-${width}`);

    if (viewport === 'desktop') {
      const target = members[1]?.name ?? '';
      await page.getByLabel('Name or e-mail').fill(target);
      await page.getByRole('button', { name: 'Search' }).click();
      const row = table
        .getByRole('row')
        .filter({ has: page.getByRole('rowheader', { name: target }) });
      await row.waitFor();
      await row.getByRole('button', { name: 'Ban' }).click();
      const dialog = page.getByRole('dialog', { name: `Ban ${target}` });
      await dialog.getByLabel('Reason').fill('Spam links');
      await dialog.getByRole('button', { name: 'Ban' }).click();
      await page.getByText(`${target} is banned.`).waitFor();
      await row.getByText('Banned', { exact: true }).waitFor();
      await row.getByRole('button', { name: 'Unban' }).waitFor();

      // Roles: the checkbox list of GET /roles saves through PATCH /users/{id}.
      await page.getByLabel('Name or e-mail').fill('');
      await page.getByRole('button', { name: 'Search' }).click();
      const first = members[0]?.name ?? '';
      const firstRow = table
        .getByRole('row')
        .filter({ has: page.getByRole('rowheader', { name: first }) });
      await firstRow.getByRole('button', { name: `Edit roles of ${first}` }).click();
      const rolesDialog = page.getByRole('dialog', { name: `Edit roles of ${first}` });
      await rolesDialog.getByRole('checkbox', { name: 'Moderator' }).check();
      await rolesDialog.getByRole('button', { name: 'Save' }).click();
      await page.getByText(`The roles of ${first} are saved.`).waitFor();
      await firstRow.getByText('Member, Moderator').waitFor();

      // Delete with a content choice.
      await firstRow.getByRole('button', { name: `Delete ${first}` }).click();
      const deleteDialog = page.getByRole('dialog', { name: `Delete ${first}` });
      await deleteDialog.getByRole('radio', { name: 'Remove User Content' }).check();
      await assertAccessible(page, 'delete user dialog');
      await deleteDialog.getByRole('button', { name: 'Delete' }).click();
      await page.getByText(`${first} is deleted.`).waitFor();
      await table.getByRole('rowheader', { name: first }).waitFor({ state: 'detached' });
    }
    assert.deepEqual(errors, []);
    await page.context().close();
  }
});
