import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { contrastRatio } from '../../web/src/theme/contrast.ts';
import { adminApi, type AdminApi } from '../support/admin-api.ts';
import { launchBrowser, openPage, screenshot, viewports } from '../support/browser.ts';
import { useJourneyServer } from '../support/server.ts';

// Issue 11 item 20: a long site name must not widen the title bar past a 375 px screen, and the
// focus ring on the bar must show at 3:1 or more against the bar's background.

useJourneyServer();

let browser: Browser;
let api: AdminApi;
let originalTitle = '';

before(async () => {
  browser = await launchBrowser();
  api = await adminApi();
  originalTitle =
    (await api<Record<string, string>>('GET', '/config?select=garden.title'))['garden.title'] ?? '';
});
after(async () => {
  await api('PATCH', '/config', { 'garden.title': originalTitle });
  await browser.close();
});

/** Tabs until the site name's home link has focus (skip link and menu button come first). */
async function focusHomeLink(page: Page, siteName: string): Promise<void> {
  for (let step = 0; step < 6; step += 1) {
    await page.keyboard.press('Tab');
    const label = await page.evaluate(
      () => document.activeElement?.getAttribute('aria-label') ?? '',
    );
    if (label === `${siteName} home`) return;
  }
  assert.fail('the home link never took the focus');
}

test('a long site name is cut with an ellipsis at 375 px, and the focus ring shows on the bar', async () => {
  for (const siteName of ['Allotmenteer', 'The Allotment Growers of Upper Wensleydale']) {
    await api('PATCH', '/config', { 'garden.title': siteName });
    for (const viewport of ['mobile', 'desktop'] as const) {
      const width = viewports[viewport].width;
      const { page, errors } = await openPage(browser, viewport);
      await page.goto('/');
      await page
        .getByRole('banner')
        .getByRole('link', { name: `${siteName} home` })
        .waitFor();
      const sizes = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        header: document.querySelector('header')?.getBoundingClientRect().width ?? 0,
      }));
      assert.ok(
        sizes.scrollWidth <= width,
        `${siteName} at ${width} px: page ${sizes.scrollWidth} px wide`,
      );
      assert.ok(
        sizes.header <= width,
        `${siteName} at ${width} px: header ${sizes.header} px wide`,
      );

      await focusHomeLink(page, siteName);
      const ring = await page.evaluate(() => {
        const active = document.activeElement as HTMLElement;
        const style = getComputedStyle(active);
        const header = document.querySelector('header') as HTMLElement;
        return {
          color: style.outlineColor,
          style: style.outlineStyle,
          width: Number.parseFloat(style.outlineWidth),
          background: getComputedStyle(header).backgroundColor,
        };
      });
      assert.notEqual(ring.style, 'none');
      assert.ok(ring.width >= 2, `outline ${ring.width} px`);
      const ratio = contrastRatio(ring.color, ring.background);
      assert.ok(
        ratio >= 3,
        `focus ring ${ring.color} on ${ring.background}: ${ratio.toFixed(2)}:1`,
      );
      const slug = siteName.length > 12 ? 'long' : '12';
      await screenshot(page, `title-bar-name-${slug}-focus-${width}`);
      assert.deepEqual(errors, []);
      await page.context().close();
    }
  }
});
