import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { openPage, screenshot, useBrowser, viewports } from '../support/browser.ts';
import { gradientPng } from '../support/images.ts';
import { adminPassword, useJourneyServer } from '../support/server.ts';
import { signInThroughApi } from '../support/sign-in.ts';

// Issue 11 item 17: after a link is inserted the caret stays after it (it jumped to the start of
// the paragraph), and an image can be inserted while the caret is in a list item.

useJourneyServer();

const browser = useBrowser();

/** The administrator's session in the page's context, and the new discussion form open. */
async function openEditor(page: Page) {
  await signInThroughApi(page, 'admin', adminPassword);
  await page.goto('/post/discussion');
  // The rich editor, not the plain text box shown while its chunk loads.
  const body = page.locator('[data-slate-editor="true"]');
  await body.waitFor();
  await body.click();
  return body;
}

/**
 * The text of each block of the editor (paragraphs, list items), images as `[image]`; the
 * editor's non-editable spacers (around links) and zero-width characters left out.
 */
function blocksOf(page: Page): Promise<string[]> {
  return page.locator('[data-slate-editor="true"]').evaluate((editor) =>
    Array.from(editor.querySelectorAll('p, li, img')).map((element) => {
      if (element.tagName === 'IMG') return '[image]';
      const copy = element.cloneNode(true) as Element;
      for (const spacer of Array.from(copy.querySelectorAll('[contenteditable="false"]')))
        spacer.remove();
      return `${element.tagName.toLowerCase()}: ${copy.textContent?.replace(/[\uFEFF\u200B]/g, '') ?? ''}`;
    }),
  );
}

test('typing after a new link continues after the link, at its end and in mid-paragraph', async () => {
  for (const viewport of ['desktop', 'mobile'] as const) {
    const { page, errors } = await openPage(browser, viewport);
    const body = await openEditor(page);
    for (let attempt = 1; attempt <= 2; attempt += 1) {
      // At the end of a paragraph.
      await page.keyboard.type(`Try ${attempt}: read `);
      await page.keyboard.press('Control+K');
      const dialog = page.getByRole('dialog', { name: 'Insert link' });
      await dialog.getByLabel('URL').fill('example.com/guide');
      await dialog.getByLabel('Text to display').fill('the guide');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.keyboard.type(' today.');
      await page.keyboard.press('Enter');
    }
    // In the middle of a paragraph: the link goes at the caret, typing continues after it.
    await page.keyboard.type('Before after');
    for (let step = 0; step < 'after'.length; step += 1) await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Control+K');
    const dialog = page.getByRole('dialog', { name: 'Insert link' });
    await dialog.getByLabel('URL').fill('https://example.com/middle');
    await dialog.getByLabel('Text to display').fill('the link');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.keyboard.type(' and ');

    assert.deepEqual(await blocksOf(page), [
      'p: Try 1: read the guide today.',
      'p: Try 2: read the guide today.',
      'p: Before the link and after',
    ]);
    assert.equal(await body.getByRole('link', { name: 'the guide' }).count(), 2);
    await screenshot(page, `editor-link-caret-${viewports[viewport].width}`);
    assert.deepEqual(errors, []);
    await page.context().close();
  }
});

test('an image inserted in a list item goes after the item, the list kept around it', async () => {
  for (const viewport of ['desktop', 'mobile'] as const) {
    const { page, errors } = await openPage(browser, viewport);
    const body = await openEditor(page);
    // `- ` starts a bulleted list (autoformat).
    await page.keyboard.type('- first item');
    await page.keyboard.press('Enter');
    await page.keyboard.type('second item');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('End');
    await page.locator('input[type="file"][accept="image/*"]').setInputFiles({
      name: 'bed.png',
      mimeType: 'image/png',
      buffer: gradientPng(240, 120),
    });
    await body.locator('img[alt="bed.png"]').waitFor();
    assert.deepEqual(await blocksOf(page), ['li: first item', '[image]', 'li: second item']);
    assert.equal(await body.locator('ul').count(), 2);

    // And in the last item: the image follows the list, and writing goes on below it.
    await body.locator('li', { hasText: 'second item' }).click();
    await page.keyboard.press('End');
    await page.locator('input[type="file"][accept="image/*"]').setInputFiles({
      name: 'bed2.png',
      mimeType: 'image/png',
      buffer: gradientPng(240, 120),
    });
    await body.locator('img[alt="bed2.png"]').waitFor();
    assert.deepEqual((await blocksOf(page)).slice(0, 4), [
      'li: first item',
      '[image]',
      'li: second item',
      '[image]',
    ]);
    await screenshot(page, `editor-list-image-${viewports[viewport].width}`);
    assert.deepEqual(errors, []);
    await page.context().close();
  }
});
