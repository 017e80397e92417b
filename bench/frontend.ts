/**
 * Front-end measurements in Chromium (playwright-core): for a page, a cold load (new context, empty
 * cache) and a warm load (the same context navigating to it again): bytes sent over the wire
 * (CDP `Network.loadingFinished` encodedDataLength, so compressed when the server compresses) by
 * type, request count, LCP, CLS and time to interactive.
 *
 * CLS as Lighthouse and Core Web Vitals count it: `layout-shift` entries without recent input,
 * grouped in session windows (a shift less than 1 s after the previous one, the window at most
 * 5 s long); the page's CLS is its largest window's sum, up to the end of the quiet wait.
 *
 * Time to interactive: the app sets no hydration marker, so it is approximated as in Lighthouse:
 * the end of the last long task (≥ 50 ms) before a 1 s quiet window, at least DOMContentLoaded.
 */
import { chromium, type Browser, type BrowserContext } from 'playwright-core';

export interface PageLoad {
  page: string;
  cache: 'cold' | 'warm';
  requests: number;
  bytes: { js: number; css: number; html: number; other: number; total: number };
  /** Content-Encoding seen per type (e.g. `identity`, `gzip`, `br`). */
  encodings: Record<string, string[]>;
  lcpMs: number | null;
  /** Cumulative layout shift (largest session window); null when the browser reports none. */
  cls: number | null;
  ttiMs: number | null;
  domContentLoadedMs: number;
  loadMs: number;
}

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

export const observerScript = `
  window.__bench = { lcp: null, longTaskEnd: 0, cls: null, window: { value: 0, start: 0, last: 0 } };
  try {
    new PerformanceObserver((list) => {
      const bench = window.__bench;
      for (const entry of list.getEntries()) {
        if (entry.hadRecentInput) continue;
        const session = bench.window;
        if (session.value > 0 && entry.startTime - session.last < 1000 && entry.startTime - session.start < 5000) {
          session.value += entry.value;
        } else {
          session.value = entry.value;
          session.start = entry.startTime;
        }
        session.last = entry.startTime;
        bench.cls = Math.max(bench.cls ?? 0, session.value);
      }
      if (bench.cls === null) bench.cls = 0;
    }).observe({ type: 'layout-shift', buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__bench.lcp = entry.renderTime || entry.loadTime || entry.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__bench.longTaskEnd = Math.max(window.__bench.longTaskEnd, entry.startTime + entry.duration);
    }).observe({ type: 'longtask', buffered: true });
  } catch {}
`;

function kindOf(resourceType: string, mimeType: string): 'js' | 'css' | 'html' | 'other' {
  if (resourceType === 'Script' || mimeType.includes('javascript')) return 'js';
  if (resourceType === 'Stylesheet' || mimeType.includes('css')) return 'css';
  if (resourceType === 'Document' || mimeType.includes('html')) return 'html';
  return 'other';
}

async function measure(context: BrowserContext, url: string, label: string, cache: 'cold' | 'warm'): Promise<PageLoad> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const types = new Map<string, { kind: 'js' | 'css' | 'html' | 'other'; encoding: string }>();
  const bytes = { js: 0, css: 0, html: 0, other: 0, total: 0 };
  const encodings: Record<string, Set<string>> = {};
  let requests = 0;
  cdp.on('Network.responseReceived', (event) => {
    const headers = Object.fromEntries(Object.entries(event.response.headers).map(([key, value]) => [key.toLowerCase(), String(value)]));
    types.set(event.requestId, { kind: kindOf(event.type ?? '', event.response.mimeType), encoding: headers['content-encoding'] ?? 'identity' });
  });
  cdp.on('Network.requestWillBeSent', () => {
    requests += 1;
  });
  cdp.on('Network.loadingFinished', (event) => {
    const type = types.get(event.requestId);
    if (!type) return;
    bytes[type.kind] += event.encodedDataLength;
    bytes.total += event.encodedDataLength;
    (encodings[type.kind] ??= new Set()).add(type.encoding);
  });
  await page.goto(url, { waitUntil: 'load' });
  // Wait for a quiet second (no long task) or 5 s at most.
  const deadline = Date.now() + 5_000;
  for (;;) {
    const since = await page.evaluate(() => performance.now() - (window as unknown as { __bench: { longTaskEnd: number } }).__bench.longTaskEnd);
    if (since >= 1_000 || Date.now() > deadline) break;
    await page.waitForTimeout(200);
  }
  const timing = await page.evaluate(() => {
    const bench = (window as unknown as { __bench: { lcp: number | null; longTaskEnd: number; cls: number | null } }).__bench;
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    // Chromium reports layout shifts when they happen: none seen means none happened.
    const cls = bench.cls ?? (PerformanceObserver.supportedEntryTypes.includes('layout-shift') ? 0 : null);
    return { lcp: bench.lcp, cls, longTaskEnd: bench.longTaskEnd, dcl: navigation.domContentLoadedEventEnd, load: navigation.loadEventEnd };
  });
  await page.close();
  return {
    page: label,
    cache,
    requests,
    bytes,
    encodings: Object.fromEntries(Object.entries(encodings).map(([kind, set]) => [kind, [...set]])),
    lcpMs: timing.lcp === null ? null : Math.round(timing.lcp),
    cls: timing.cls === null ? null : Math.round(timing.cls * 1000) / 1000,
    ttiMs: Math.round(Math.max(timing.dcl, timing.longTaskEnd)),
    domContentLoadedMs: Math.round(timing.dcl),
    loadMs: Math.round(timing.load),
  };
}

/** Cold then warm loads of each page; every page gets its own fresh context for the cold load. */
export async function measureFrontEnd(baseUrl: string, pages: { label: string; path: string }[]): Promise<PageLoad[]> {
  const browser = await launch();
  const results: PageLoad[] = [];
  try {
    for (const { label, path } of pages) {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      await context.addInitScript(observerScript);
      results.push(await measure(context, `${baseUrl}${path}`, label, 'cold'));
      results.push(await measure(context, `${baseUrl}${path}`, label, 'warm'));
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return results;
}
