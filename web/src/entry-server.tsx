import type { ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { Writable } from 'node:stream';
import { App, AppProviders } from './app/App.tsx';
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
  /** The app's markup for `<div id="root">`. */
  html: string;
  /** Title, theme style and bootstrap script for `<head>`. */
  head: string;
  /** 200, or what the page asked for (404 for unknown pages, 403...). */
  status: number;
}

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

function renderToString(element: ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer | string, _encoding, callback) {
        chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
        callback();
      },
      final(callback) {
        resolve(Buffer.concat(chunks).toString('utf8'));
        callback();
      },
    });
    const stream = renderToPipeableStream(element, {
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

/** Renders a page on the server with the same bootstrap the browser hydrates with. */
export async function render(url: string, bootstrap: Bootstrap): Promise<RenderResult> {
  setLocale(bootstrap.locale);
  setTransientKey(null);
  const queryClient = createQueryClient();
  seedQueryClient(queryClient, bootstrap);
  seedLayout(queryClient, bootstrap);
  const meta: PageMeta = { status: 200, title: null };
  const html = await renderToString(
    <PageMetaContext.Provider value={createPageMetaRecorder(meta)}>
      <AppProviders bootstrap={bootstrap} queryClient={queryClient}>
        <StaticRouter location={url}>
          <App />
        </StaticRouter>
      </AppProviders>
    </PageMetaContext.Provider>,
  );
  queryClient.clear();
  const head = [
    `<title>${escapeHtml(meta.title ?? 'Hearth')}</title>`,
    themeStyleTag(bootstrap.theme),
    `<script type="application/json" id="${bootstrapElementID}">${serializeBootstrap(bootstrap)}</script>`,
  ].join('\n');
  return { html, head, status: meta.status };
}
