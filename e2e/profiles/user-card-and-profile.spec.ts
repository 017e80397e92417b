import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { adminApi, type AdminApi } from '../support/admin-api.ts';
import {
  assertAccessible,
  launchBrowser,
  openPage,
  screenshot,
  uniqueMember,
  type viewports,
} from '../support/browser.ts';
import { gradientPng } from '../support/images.ts';
import { journeyBaseURL, useJourneyServer } from '../support/server.ts';
import { signInThroughApi } from '../support/sign-in.ts';

useJourneyServer();

let browser: Browser;
let api: AdminApi;
before(async () => {
  browser = await launchBrowser();
  api = await adminApi();
});
after(async () => {
  await browser.close();
});

const rich2 = (text: string) => JSON.stringify([{ type: 'p', children: [{ text }] }]);
const apiHeaders = () => ({ 'X-Requested-With': 'vanilla', Referer: `${journeyBaseURL()}/` });

/** A member, a discussion by the administrator and a comment by the member on it. */
async function prepare(prefix: string) {
  const member = uniqueMember(prefix);
  const user = await api<{ userID: number }>('POST', '/users', {
    ...member,
    emailConfirmed: true,
    sendWelcomeEmail: false,
  });
  const category = await api<{ categoryID: number }>('POST', '/categories', {
    name: `Profiles ${member.name}`,
    urlcode: `profiles-${member.name.toLowerCase()}`,
  });
  const discussion = await api<{ discussionID: number; url: string }>('POST', '/discussions', {
    categoryID: category.categoryID,
    name: `Meet ${member.name}`,
    body: rich2('Say hello below.'),
    format: 'rich2',
  });
  await api('POST', '/comments', {
    parentRecordType: 'discussion',
    parentRecordID: discussion.discussionID,
    body: rich2('Hello from the garden.'),
    format: 'rich2',
    insertUserID: user.userID,
  });
  return { member, discussion };
}

for (const viewport of [
  'desktop',
  'mobile',
] as const satisfies readonly (keyof typeof viewports)[]) {
  const width = viewport === 'desktop' ? 1440 : 375;
  test(`a user card from a comment leads to the profile; the member edits theirs and finds a bookmark (${width})`, async () => {
    const { member, discussion } = await prepare(`card${width}`);
    const { page, errors } = await openPage(browser, viewport);
    await signInThroughApi(page, member.name, member.password);

    // The user card opens from the comment author's name (spec 000 §2), keyboard reachable.
    await page.goto(new URL(discussion.url).pathname);
    const comment = page.getByText('Hello from the garden.');
    await comment.waitFor();
    const authorLink = page.getByRole('link', { name: member.name, exact: true }).last();
    await authorLink.focus();
    await page.keyboard.press('Enter');
    const card = page.getByRole('dialog', { name: member.name });
    await card.waitFor();
    await card.getByText('Joined').waitFor();
    await screenshot(page, `user-card-${width}`);
    await page.keyboard.press('Escape');
    assert.equal(await card.count(), 0);
    await authorLink.click();
    await card.getByRole('link', { name: 'View Profile' }).click();
    await page.getByRole('heading', { level: 1, name: member.name }).waitFor();
    await page.getByRole('navigation', { name: 'Profile' }).waitFor();
    await page.getByText('Hello from the garden.').waitFor();
    await assertAccessible(page, `the profile page at ${width}`);
    await screenshot(page, `profile-${width}`);

    // Edit the profile: title, location, about and a new (cropped) photo.
    await page.goto('/profile/edit');
    await page.getByLabel('Title').fill('Head Gardener');
    await page.getByLabel('Location').fill('Lyon');
    await page.getByLabel('About').fill('I grow tomatoes.');
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await page.getByText('Your changes have been saved.').waitFor();
    await page.getByLabel('Choose a new photo').setInputFiles({
      name: 'wide.png',
      mimeType: 'image/png',
      buffer: gradientPng(160, 90),
    });
    // The square crop: it starts centred (35,0 and 90 px), zooms in with the slider, moves with
    // the arrow keys and follows a drag.
    const cropArea = page.getByRole('button', { name: 'Photo crop area' });
    await cropArea.waitFor();
    assert.equal(await cropArea.getAttribute('data-crop'), '35,0,90');
    await page.getByLabel('Zoom').fill('150');
    assert.equal(await cropArea.getAttribute('data-crop'), '50,15,60');
    await cropArea.focus();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Shift+ArrowUp');
    assert.equal(await cropArea.getAttribute('data-crop'), '47,0,60');
    const box = await cropArea.boundingBox();
    assert.ok(box, 'the crop square is shown');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 - 400, box.y + box.height / 2 + 400, { steps: 4 });
    await page.mouse.up();
    assert.equal(await cropArea.getAttribute('data-crop'), '0,30,60', 'dragged to the bottom left');
    await screenshot(page, `edit-profile-crop-${width}`);
    await page.getByRole('button', { name: 'Upload' }).click();
    await page.getByText('Your photo has been updated.').waitFor();
    // The avatar shows the new photo: a square of the chosen side.
    const avatar = page
      .getByRole('region', { name: 'Photo' })
      .getByRole('img', { name: member.name });
    await avatar.waitFor();
    await page.waitForFunction((name) => {
      const image = document.querySelector<HTMLImageElement>(`section img[alt="${name}"]`);
      return image !== null && image.complete && image.naturalWidth > 0;
    }, member.name);
    const photo = await page.request.get((await avatar.getAttribute('src')) ?? '');
    assert.equal(photo.status(), 200);
    const png = await photo.body();
    assert.deepEqual([png.readUInt32BE(16), png.readUInt32BE(20)], [60, 60], 'the cropped square');
    await screenshot(page, `edit-profile-${width}`);

    // A bookmark shows under the member's profile (owner only).
    const bookmark = await page.request.put(
      `/api/v2/discussions/${discussion.discussionID}/bookmark`,
      {
        data: { bookmarked: true },
        headers: apiHeaders(),
      },
    );
    assert.equal(bookmark.status(), 200, await bookmark.text());
    const response = await page.goto(`/profile/${encodeURIComponent(member.name)}`);
    assert.equal(response?.status(), 200);
    await page.getByText('Head Gardener').waitFor();
    await page.getByText('I grow tomatoes.').waitFor();
    await page
      .getByRole('navigation', { name: 'Profile' })
      .getByRole('link', { name: 'Bookmarks' })
      .click();
    await page.getByRole('link', { name: `Meet ${member.name}` }).waitFor();
    await screenshot(page, `profile-bookmarks-${width}`);

    const missing = await page.goto('/profile/no-such-member-here');
    assert.equal(missing?.status(), 404);
    assert.deepEqual(
      errors.filter((error) => !error.includes('404')),
      [],
    );
    await page.context().close();
  });
}
