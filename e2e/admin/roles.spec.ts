import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Role } from '../../common/src/api/roles.ts';
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
import { signInAsAdmin, signInThroughForm } from '../support/sign-in.ts';

useJourneyServer();

const browser = useBrowser();

test('an administrator creates a role that may view a hidden category, gives it to a member, and the member sees the category', async () => {
  const api = await adminApi();
  const suffix = Date.now().toString(36);
  const roles = await api<Role[]>('GET', '/roles');
  const idOf = (type: string) => roles.find((role) => role.type === type)?.roleID ?? 0;
  const backstage = `Backstage ${suffix}`;
  await api('POST', '/categories', {
    name: backstage,
    urlcode: `backstage-${suffix}`,
    customPermissions: true,
    permissions: [
      { roleID: idOf('member'), permissions: { 'discussions.view': false } },
      { roleID: idOf('guest'), permissions: { 'discussions.view': false } },
    ],
  });
  const member = uniqueMember('crew');
  await api('POST', '/users', { ...member, sendWelcomeEmail: false });
  const roleName = `Crew ${suffix}`;

  // The member cannot see the category yet.
  const visitor = await openPage(browser, 'desktop');
  await signInThroughForm(visitor.page, member.name, member.password);
  await visitor.page.goto(`/categories/backstage-${suffix}`);
  // A category the viewer may not see answers 403 (api-contract §7): the permission page.
  await visitor.page.getByRole('heading', { level: 1, name: 'Permission Problem' }).waitFor();
  // That page's own 403 is logged by the browser; nothing else may be.
  visitor.errors.length = 0;

  for (const viewport of ['desktop', 'mobile'] as const) {
    const width = viewports[viewport].width;
    const { page, errors } = await openPage(browser, viewport);
    await signInAsAdmin(page);
    await page.goto('/dashboard/roles');
    await page.getByRole('heading', { level: 1, name: 'Roles' }).waitFor();
    const table = page.getByRole('table', { name: 'Roles' });
    await table.getByRole('link', { name: 'Member', exact: true }).waitFor();
    // Member counts come from the users list.
    await table
      .getByRole('row', { name: /^Member/ })
      .getByRole('link', { name: /users?$/ })
      .waitFor();
    await page.getByRole('group', { name: 'New members get' }).waitFor();
    await assertAccessible(page, `roles list at ${width} px`);
    await screenshot(page, `admin-roles-${width}`);
    // The table scrolls inside its region; the page itself never scrolls sideways.
    const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(pageWidth <= width, `page is ${pageWidth} px wide at ${width} px`);

    // The report-reasons editor of the same dashboard.
    await page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: 'Report reasons' })
      .click();
    const reasons = page.getByRole('list', { name: 'Report reasons' });
    await reasons.getByText('Spam / Solicitation', { exact: true }).waitFor();
    await assertAccessible(page, `report reasons at ${width} px`);
    const reasonsWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(
      reasonsWidth <= width,
      `report reasons page is ${reasonsWidth} px wide at ${width} px`,
    );
    await screenshot(page, `admin-report-reasons-${width}`);
    await page.getByRole('button', { name: 'Add Reason' }).click();
    const reasonDialog = page.getByRole('dialog', { name: 'Add Reason' });
    await reasonDialog.getByLabel(/^API name/).waitFor();
    await assertAccessible(page, `add reason dialog at ${width} px`);
    await reasonDialog.getByRole('button', { name: 'Cancel' }).click();
    await reasonDialog.waitFor({ state: 'detached' });
    await page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: 'Roles' })
      .click();

    await page.getByRole('link', { name: 'New Role' }).click();
    await page.getByRole('heading', { level: 1, name: 'New Role' }).waitFor();
    const grid = page.getByRole('region', { name: 'Permissions by category' });
    await grid.getByRole('rowheader', { name: backstage }).waitFor();
    await assertAccessible(page, `role form at ${width} px`);
    await screenshot(page, `admin-role-form-${width}`);
    if (viewport === 'mobile') {
      assert.deepEqual(errors, []);
      await page.context().close();
      continue;
    }

    await page.getByLabel(/^Name/).fill(roleName);
    await page.getByLabel('Description').fill('Sees what happens backstage.');
    await page
      .getByRole('group', { name: 'Garden' })
      .getByRole('checkbox', { name: /^Sign in/ })
      .check();
    await grid.getByRole('checkbox', { name: `${backstage}: Discussions View` }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(`The role ${roleName} has been created.`).waitFor();
    await table.getByRole('link', { name: roleName, exact: true }).waitFor();

    // Give it to the member on the users dashboard.
    await page.goto('/dashboard/users');
    await page.getByLabel('Name or e-mail').fill(member.name);
    await page.getByRole('button', { name: 'Search' }).click();
    const users = page.getByRole('region', { name: 'Members' });
    const row = users
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: member.name }) });
    await row.getByRole('button', { name: `Edit roles of ${member.name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Edit roles of ${member.name}` });
    await dialog.getByRole('checkbox', { name: roleName }).check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText(`The roles of ${member.name} are saved.`).waitFor();
    await row.getByText(`Member, ${roleName}`).waitFor();
    assert.deepEqual(errors, []);
    await page.context().close();
  }

  // Now the member reads the category.
  await visitor.page.goto(`/categories/backstage-${suffix}`);
  await visitor.page.getByRole('heading', { level: 1, name: backstage }).waitFor();
  assert.deepEqual(visitor.errors, []);
  await visitor.page.context().close();
});
