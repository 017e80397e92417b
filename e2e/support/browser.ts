import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import { chromium, type Browser, type Page } from 'playwright-core';
import { journeyBaseURL } from './server.ts';
import { addressPool } from './addresses.ts';

const require = createRequire(import.meta.url);
const axeSource = (require('axe-core') as { source: string }).source;

/** Chromium as Debian installs it; the runner skips the journeys when it is absent. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const screenshotDir = path.resolve(import.meta.dirname, '..', 'screenshots');

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * The file's browser: launched before its journeys, closed after them. What it returns stands for
 * the launched browser (each use reaches the one launched in `before`).
 */
export function useBrowser(): Browser {
  let launched: Browser | undefined;
  before(async () => {
    launched = await launchBrowser();
  });
  after(async () => {
    await launched?.close();
  });
  return new Proxy({} as Browser, {
    get(_target, property) {
      assert.ok(launched, 'the browser is used inside a journey, after it was launched');
      const value: unknown = Reflect.get(launched, property, launched);
      return typeof value === 'function'
        ? (value as (...args: unknown[]) => unknown).bind(launched)
        : value;
    },
  });
}

export const viewports = {
  mobile: { width: 375, height: 812 },
  desktop: { width: 1440, height: 900 },
} as const;

const visitorAddress = addressPool();

/**
 * A fresh context (own cookies) at a viewport, with console errors collected. Each context comes
 * from its own address (X-Forwarded-For; the app trusts its proxy), as separate visitors would,
 * so the per-IP sign-in throttle does not couple journeys running side by side.
 */
export async function openPage(
  browser: Browser,
  viewport: keyof typeof viewports,
): Promise<{ page: Page; errors: string[] }> {
  const address = visitorAddress();
  const context = await browser.newContext({
    viewport: viewports[viewport],
    baseURL: journeyBaseURL(),
    extraHTTPHeaders: { 'X-Forwarded-For': address },
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return { page, errors };
}

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/** Runs axe-core on the page and fails on serious or critical violations. */
export async function assertAccessible(page: Page, label: string): Promise<void> {
  await page.addScriptTag({ content: axeSource });
  const violations = await page.evaluate(async () => {
    // Runs in the page: axe-core's global, checking the whole document.
    const axe = (
      globalThis as unknown as {
        axe: { run: (options: object) => Promise<{ violations: AxeViolation[] }> };
      }
    ).axe;
    const result = await axe.run({ resultTypes: ['violations'] });
    return result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes.map((node) => ({ target: node.target })),
    }));
  });
  const blocking = violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  assert.deepEqual(
    blocking.map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} at ${JSON.stringify(violation.nodes.map((node) => node.target))}`,
    ),
    [],
    `axe-core found serious/critical violations on ${label}`,
  );
}

/** Saves a full-page screenshot as e2e/screenshots/<name>.png (git-ignored). */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });
}

/** A unique member for a journey. */
export function uniqueMember(prefix: string): { name: string; email: string; password: string } {
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const name = `${prefix}${suffix}`.slice(0, 20);
  return { name, email: `${name}@example.com`, password: 'Correct-Horse-42' };
}
