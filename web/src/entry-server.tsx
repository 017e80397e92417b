import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import type { ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { escapeHtml } from '../../common/src/content/escape.ts';
import { App, AppProviders } from './app/App.tsx';
import { pageModulesFor } from './app/page-modules.ts';
import { createPageMetaRecorder, PageMetaContext, type PageMeta } from './app/page-meta.tsx';
import { serializeBootstrap, bootstrapElementID, type Bootstrap } from './lib/bootstrap.ts';
import { setTransientKey } from './lib/api.ts';
import { setLocale } from './lib/i18n.ts';
import { createQueryClient } from './lib/query-client.ts';
import { seedLayout } from './features/layouts/api/layouts.queries.ts';
import { seedQueryClient } from './lib/session.ts';
import { themeStyleTag } from './theme/apply-theme.ts';

/** What the server needs to answer a page request. */
export interface RenderResult {
  /**
   * The app's markup for `<div id="root">`, as the UTF-8 chunks React wrote. The server writes
   * them and `headParts` straight into the page's bytes: the page (100 KB and more) is not
   * copied from string to string on the way.
   */
  htmlChunks: readonly Uint8Array[];
  /** The same markup as text (decoded on demand). */
  readonly html: string;
  /** `head` in pieces, to be written one after the other. */
  headParts: readonly string[];
  /** Title, theme style, bootstrap script and the page's chunks (modulepreload) for `<head>`. */
  readonly head: string;
  /** 200, or what the page asked for (404 for unknown pages, 403...). */
  status: number;
}

function renderToChunks(element: ReactNode): Promise<Uint8Array[]> {
  return new Promise((resolve, reject) => {
    const chunks: Uint8Array[] = [];
    const sink = new Writable({
      write(chunk: Uint8Array | string, _encoding, callback) {
        chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
        callback();
      },
      final(callback) {
        resolve(chunks);
        callback();
      },
    });
    const stream = renderToPipeableStream(element, {
      // React moves a ready Suspense boundary past its 12,800-byte budget to the end of the page,
      // revealed by a script after a paint (React 19.2 batches reveals): the page then jumps
      // (CLS 0.79 on a 30-discussion list at 375 px). The page is sent whole, so nothing is
      // outlined and every part is in place at first paint.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      // Wait for everything (lazy parts included): crawlers and first paint get the full page.
      onAllReady() {
        stream.pipe(sink);
      },
      onShellError(error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      },
      onError(error) {
        console.error('SSR error', error);
      },
    });
  });
}

/** Module path from the web root → the chunks it needs beyond the entry's (vite.config.ts). */
type LazyChunks = Readonly<Record<string, readonly string[]>>;

let lazyChunks: LazyChunks | null | undefined;

/**
 * The client build's `.vite/lazy-chunks.json`, read once from beside this bundle
 * (`dist/server-entry` → `dist/web`); null without a client build (tests): nothing is announced.
 */
function readLazyChunks(): LazyChunks | null {
  if (lazyChunks === undefined) {
    const here = path.dirname(fileURLToPath(import.meta.url));
    try {
      lazyChunks = JSON.parse(
        readFileSync(path.join(here, '..', 'web', '.vite', 'lazy-chunks.json'), 'utf8'),
      ) as LazyChunks;
    } catch {
      lazyChunks = null;
    }
  }
  return lazyChunks;
}

/**
 * `<link rel="modulepreload">` for the chunks of the page's lazily loaded modules: they download
 * beside the entry instead of after it, and are there when the browser hydrates (entry-client).
 */
function modulePreloadLinks(sources: readonly string[]): string {
  const chunks = readLazyChunks();
  if (chunks === null) return '';
  const files = new Set(sources.flatMap((source) => chunks[source] ?? []));
  return [...files]
    .map((file) => `<link rel="modulepreload" crossorigin href="/${escapeHtml(file)}">`)
    .join('\n');
}

/** The `:root` style of each resolved theme (the server passes the same theme object page after page). */
const themeStyleTags = new WeakMap<object, string>();

function themeStyleTagOf(theme: Bootstrap['theme']): string {
  let tag = themeStyleTags.get(theme);
  if (tag === undefined) {
    tag = themeStyleTag(theme);
    themeStyleTags.set(theme, tag);
  }
  return tag;
}

/** Renders a page on the server with the same bootstrap the browser hydrates with. */
export async function render(url: string, bootstrap: Bootstrap): Promise<RenderResult> {
  setLocale(bootstrap.locale);
  setTransientKey(null);
  const queryClient = createQueryClient();
  seedQueryClient(queryClient, bootstrap);
  seedLayout(queryClient, bootstrap);
  const meta: PageMeta = { status: 200, title: null };
  const htmlChunks = await renderToChunks(
    <PageMetaContext.Provider value={createPageMetaRecorder(meta)}>
      <AppProviders bootstrap={bootstrap} queryClient={queryClient}>
        <StaticRouter location={url}>
          <App />
        </StaticRouter>
      </AppProviders>
    </PageMetaContext.Provider>,
  );
  queryClient.clear();
  const pathname = new URL(url, 'http://localhost').pathname;
  // The bootstrap (tens of KB) stays a piece of its own: no string is built around it.
  const tags: (string | string[])[] = [
    `<title>${escapeHtml(meta.title ?? 'Hearth')}</title>`,
    themeStyleTagOf(bootstrap.theme),
    [
      `<script type="application/json" id="${bootstrapElementID}">`,
      serializeBootstrap(bootstrap),
      '</script>',
    ],
    modulePreloadLinks(pageModulesFor(pathname, bootstrap).map((module) => module.source)),
  ];
  const headParts = tags
    .filter((tag) => tag !== '')
    .flatMap((tag, index) => [
      ...(index === 0 ? [] : ['\n']),
      ...(typeof tag === 'string' ? [tag] : tag),
    ]);
  return {
    htmlChunks,
    get html() {
      return Buffer.concat(htmlChunks).toString('utf8');
    },
    headParts,
    get head() {
      return headParts.join('');
    },
    status: meta.status,
  };
}
