import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rolldown } from 'vite';

const webRoot = fileURLToPath(new URL('./web', import.meta.url));
const distRoot = fileURLToPath(new URL('./dist', import.meta.url));
const reactRouterProduction = fileURLToPath(
  new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url),
);
const apiTarget = process.env.HEARTH_API_URL ?? 'http://127.0.0.1:3000';

// The SSR entry and output are fixed here; `--ssr <path>` and `--outDir` given on the command line
// would be resolved against `web/` (the root), so the SSR build always uses these.
function fixedSsrOutput(): Plugin {
  return {
    name: 'hearth-fixed-ssr-output',
    config(config) {
      if (config.build?.ssr === undefined || config.build.ssr === false) return undefined;
      return {
        build: {
          ssr: true,
          outDir: `${distRoot}/server-entry`,
          rollupOptions: { input: `${webRoot}/src/entry-server.tsx` },
        },
      };
    },
  };
}

/**
 * Client build: writes `.vite/lazy-chunks.json`, for every module the app imports lazily (pages,
 * layout widgets), the chunks it needs beyond those the entry loads, by the module's path from the
 * web root (`src/...`). The server render announces a page's chunks from it (`modulepreload`,
 * entry-server.tsx). Vite's own manifest does not name modules inside grouped chunks.
 */
function lazyChunksManifest(): Plugin {
  return {
    name: 'hearth-lazy-chunks',
    apply: 'build',
    generateBundle(_options, bundle) {
      if (this.environment.config.build.ssr) return;
      const chunks = Object.values(bundle).filter(
        (item): item is Rolldown.OutputChunk => item.type === 'chunk',
      );
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const closure = (file: string, into: Set<string>) => {
        if (into.has(file)) return;
        into.add(file);
        for (const imported of byFile.get(file)?.imports ?? []) closure(imported, into);
      };
      const loadedAtStart = new Set<string>();
      for (const chunk of chunks) if (chunk.isEntry) closure(chunk.fileName, loadedAtStart);
      const lazyChunks: Record<string, string[]> = {};
      for (const chunk of chunks) {
        for (const id of chunk.moduleIds) {
          if ((this.getModuleInfo(id)?.dynamicImporters.length ?? 0) === 0) continue;
          const files = new Set<string>();
          closure(chunk.fileName, files);
          const source = path.relative(webRoot, id).replaceAll(path.sep, '/');
          lazyChunks[source] = [...files].filter((file) => !loadedAtStart.has(file));
        }
      }
      this.emitFile({
        type: 'asset',
        fileName: '.vite/lazy-chunks.json',
        source: JSON.stringify(lazyChunks, null, 2),
      });
    },
  };
}

/**
 * The one stylesheet of the client build (`cssCodeSplit: false`) lists each chunk's CSS in the
 * order the chunk's modules run when the page loads it, as the dev server injects it: so a
 * module's own rules follow those of the components it imports before them, and its overrides of
 * equal specificity (`className`, `buttonClassName`) win. Vite writes a chunk's CSS in the chunk's
 * module order, and Rolldown orders modules by one execution order over the whole app, in which a
 * stylesheet shared by several modules sits where it was first reached, possibly through a dialog
 * or page loaded much later. Before Vite reads a chunk's modules, this sorts its stylesheets by
 * the order its static imports run from the chunk's entries (the modules loaded lazily or at
 * start), modules of other chunks being loaded already.
 */
function cssInLoadOrder(): Plugin {
  const isStylesheet = (id: string) => /\.css($|\?)/.test(id);
  return {
    name: 'hearth-css-in-load-order',
    apply: 'build',
    renderChunk(_code, chunk) {
      const modules = chunk.modules as Record<string, unknown>;
      const ids = Object.keys(modules);
      if (ids.filter(isStylesheet).length < 2) return null;
      const inChunk = new Set(ids);
      // Post-order of the static imports: a module runs after everything it imports.
      const loadOrder = new Map<string, number>();
      let ran = 0;
      const visit = (id: string) => {
        if (!inChunk.has(id) || loadOrder.has(id)) return;
        loadOrder.set(id, Number.MAX_SAFE_INTEGER);
        for (const imported of this.getModuleInfo(id)?.importedIds ?? []) visit(imported);
        loadOrder.set(id, ran++);
      };
      for (const id of ids) {
        const info = this.getModuleInfo(id);
        if (info?.isEntry === true || (info?.dynamicImporters.length ?? 0) > 0) visit(id);
      }
      const position = (id: string) => loadOrder.get(id) ?? Number.MAX_SAFE_INTEGER;
      const stylesheets = ids
        .filter(isStylesheet)
        .map((id, index) => ({ id, index }))
        .sort((a, b) => position(a.id) - position(b.id) || a.index - b.index)
        .map(({ id }) => id);
      const entries = new Map(Object.entries(modules));
      let slot = 0;
      const reordered = ids.map((id) => (isStylesheet(id) ? (stylesheets[slot++] ?? id) : id));
      for (const id of ids) delete modules[id];
      for (const id of reordered) modules[id] = entries.get(id);
      return null;
    },
  };
}

/** A module test on its id with `/` separators whatever the platform. */
const matching = (pattern: RegExp) => (id: string) => pattern.test(id.replaceAll('\\', '/'));

/**
 * Chunks of the client build, by what a page needs at first paint (issue 4: a discussion page's
 * first load ≤ 150 KB). Without groups, every module two lazy parts share becomes a chunk of its
 * own, and a layout page fetched some thirty files. A group takes the modules its test matches
 * with everything they import statically (the highest priority first); what no group takes is
 * chunked as usual: admin screens, entry pages, the editor, dialogs opened on demand.
 */
const chunkGroups = [
  // What the entry imports statically: React, the router, TanStack Query, the app frame.
  { name: 'index', tags: ['$initial' as const], priority: 40 },
  // The widgets of every layout page (breadcrumbs, category list, tag cloud, banner...) and the
  // small parts that the discussion page, lists and lazily loaded screens share (dates, pager,
  // zod-free constants, TanStack Query's mutations), so that none loads another's chunk for them.
  {
    name: 'layout',
    test: matching(
      /web\/src\/(layout\/widgets\/|features\/categories\/components\/CategoryListWidget\.tsx|components\/(DateTime|Pager)\.tsx|layout\/format-count\.ts|lib\/relative-date\.ts)|common\/src\/api\/[^/]+\.constants\.ts$|node_modules\/@tanstack\//,
    ),
    priority: 30,
  },
  // The discussion page's widgets: original post, tags, comment thread, comment box.
  {
    name: 'discussion',
    test: matching(/web\/src\/features\/(discussions|comments)\/widgets\.ts$/),
    priority: 20,
  },
  // The entry pages (sign in, register, password, e-mail confirmation, sign out) and their form
  // parts: one file to announce and load before the form hydrates.
  {
    name: 'entry',
    test: matching(/web\/src\/features\/auth\/components\/[A-Za-z]+Page\.tsx$/),
    priority: 20,
  },
  // Discussion lists.
  {
    name: 'discussion-list',
    test: matching(/web\/src\/features\/discussions\/components\/list\/DiscussionListWidget\.tsx$/),
    priority: 20,
  },
];

// Client build: `vite build` → dist/web (index.html template, hashed assets, manifest).
// SSR build: `vite build --ssr src/entry-server.tsx` → dist/server-entry/entry-server.js.
export default defineConfig(({ command, isSsrBuild }) => ({
  root: webRoot,
  base: '/',
  plugins: [react(), fixedSsrOutput(), lazyChunksManifest(), cssInLoadOrder()],
  // React Router's package exports name its development build for every condition (upstream
  // remix-run/react-router#14102): builds take its production build (no dev-only warnings and
  // checks), bundled into the server render too rather than loaded from node_modules at run time.
  ...(command === 'build'
    ? {
        resolve: { alias: [{ find: /^react-router$/, replacement: reactRouterProduction }] },
        ssr: { noExternal: ['react-router'] },
      }
    : {}),
  css: {
    modules: {
      localsConvention: 'camelCaseOnly',
      // Builds (client and server render alike) use short class names: every name is sent in the
      // CSS, in the JS class maps and in the server-rendered HTML. The dev server keeps them readable.
      generateScopedName: command === 'build' ? '_[hash:base64:6]' : '[name]_[local]_[hash:base64:5]',
    },
  },
  server: {
    // `vite` alone serves the client-rendered app and forwards API and entry calls to the server.
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
    },
  },
  build: isSsrBuild
    ? {
        outDir: `${distRoot}/server-entry`,
        emptyOutDir: true,
        ssr: true,
        rollupOptions: { input: `${webRoot}/src/entry-server.tsx` },
      }
    : {
        outDir: `${distRoot}/web`,
        emptyOutDir: true,
        manifest: true,
        sourcemap: true,
        assetsDir: 'assets',
        cssCodeSplit: false,
        rolldownOptions: {
          output: {
            codeSplitting: { groups: chunkGroups },
          },
        },
      },
}));
