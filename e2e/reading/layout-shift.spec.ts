import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { observerScript } from '../../bench/frontend.ts';
import { adminApi, type AdminApi } from '../support/admin-api.ts';
import { launchBrowser, screenshot, viewports } from '../support/browser.ts';
import { gradientPng } from '../support/images.ts';
import { adminPassword, journeyBaseURL, useJourneyServer } from '../support/server.ts';

// Issue 11 item 19: pages must not jump while they load (CLS ≤ 0.1): images, avatars and lazily
// loaded widgets have their room before they arrive. The layout-shift observer is the front-end
// benchmark's (bench/frontend.ts).

useJourneyServer();

let browser: Browser;
let api: AdminApi;
let discussionPath = '';
let categoryPath = '';
let floodCount = 3;

before(async () => {
  browser = await launchBrowser();
  api = await adminApi();
  // A full page of discussions: a long list is where a late part would move the most.
  floodCount =
    (await api<Record<string, number>>('GET', '/config?select=floodControl.discussions.count'))[
      'floodControl.discussions.count'
    ] ?? 3;
  await api('PATCH', '/config', { 'floodControl.discussions.count': 100 });
  const suffix = Date.now().toString(36);
  const category = await api<{ categoryID: number; urlcode: string }>('POST', '/categories', {
    name: 'Shifting Sands',
    urlcode: `shifting-sands-${suffix}`,
    description: 'Where pages should hold still.',
  });
  categoryPath = `/categories/${category.urlcode}`;
  const form = new FormData();
  form.append(
    'file',
    new Blob([new Uint8Array(gradientPng(900, 600))], { type: 'image/png' }),
    'dune.png',
  );
  const media = await api<{ url: string }>('POST', '/media', form);
  let discussion = { url: '' };
  const names = Array.from({ length: 27 }, (_, index) => `Steady discussion number ${index + 1}`);
  for (const name of [...names, 'A still page', 'Images with room', 'Avatars in boxes']) {
    discussion = await api<{ url: string }>('POST', '/discussions', {
      name,
      categoryID: category.categoryID,
      format: 'markdown',
      body: `An opening paragraph about ${name.toLowerCase()}.\n\n![A dune](${media.url})\n\nAnd the text below the image.`,
    });
  }
  discussionPath = new URL(discussion.url).pathname;
  const discussionID = Number(/\/discussion\/(\d+)/.exec(discussionPath)?.[1]);
  for (const text of ['First reply.', 'Second reply with more words in it.', 'Third reply.']) {
    await api('POST', '/comments', { discussionID, format: 'markdown', body: text });
  }
});
after(async () => {
  await api('PATCH', '/config', { 'floodControl.discussions.count': floodCount });
  await browser.close();
});

test('home, list, category and discussion pages shift by 0.1 at most while they load', async () => {
  const pages = {
    home: '/',
    list: '/discussions',
    categories: '/categories',
    category: categoryPath,
    discussion: discussionPath,
    // Signed in, the page ends with the comment editor, which loads after the page.
    'discussion signed in': discussionPath,
  };
  const measured: string[] = [];
  const failures: string[] = [];
  for (const viewport of ['desktop', 'mobile'] as const) {
    for (const [name, path] of Object.entries(pages)) {
      // A cold load in a fresh context, as the benchmark measures it.
      const context = await browser.newContext({
        viewport: viewports[viewport],
        baseURL: journeyBaseURL(),
      });
      await context.addInitScript(observerScript);
      if (name.endsWith('signed in')) {
        const session = await context.request.post('/api/v2/authenticate/password', {
          data: { username: 'admin', password: adminPassword },
          headers: {
            'X-Requested-With': 'vanilla',
            'X-Forwarded-For': `10.252.${viewport === 'mobile' ? 1 : 2}.1`,
          },
        });
        assert.equal(session.status(), 201, await session.text());
      }
      const page = await context.newPage();
      // Lighthouse's desktop network (40 ms, 10 Mbit/s) and a 4× slower CPU: late parts arrive
      // late enough to be seen moving, as on a real connection.
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 40,
        downloadThroughput: 1_250_000,
        uploadThroughput: 1_250_000,
      });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.goto(path, { waitUntil: 'networkidle' });
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      const cls = await page.evaluate(
        () => (window as unknown as { __bench: { cls: number | null } }).__bench.cls ?? 0,
      );
      measured.push(`${name} ${viewports[viewport].width}: ${cls.toFixed(3)}`);
      if (cls > 0.1)
        failures.push(`${name} at ${viewports[viewport].width} px: CLS ${cls.toFixed(3)}`);
      if (name.startsWith('discussion')) {
        await screenshot(
          page,
          `layout-shift-${name.replace(/ /g, '-')}-${viewports[viewport].width}`,
        );
      }
      await context.close();
    }
  }
  process.stdout.write(`CLS ${measured.join(', ')}\n`);
  assert.deepEqual(failures, []);
});
