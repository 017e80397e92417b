import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PermissionSet } from '../../../common/src/permissions/types.ts';
import { resolveTheme } from '../../../common/src/theme/resolve-theme.ts';
import type { ThemeVariables } from '../../../common/src/theme/variables.ts';
import { isSettingKey, settingDefinitions } from '../../../common/src/api/config.ts';
import {
  firstPageRedirect,
  isLayoutRedirect,
  layoutLookupForPath,
  type HydratedLayout,
  type LayoutLookup,
} from '../../../common/src/api/layouts.ts';
import { getConfig } from '../features/config/config.service.ts';
import { lookupHydrate } from '../features/layouts/layouts.service.ts';
import { sharedPartsOf } from '../features/layouts/layouts.shared-parts.ts';
import { AppError } from '../platform/errors.ts';
import { getMe } from '../features/users/users.service.ts';
import { loadProfilePage } from '../features/users/users.profile-page.ts';
import type { ProfileBootstrap } from '../../../common/src/api/profiles.ts';
import type { SearchBootstrap } from '../../../common/src/api/search.page.ts';
import { loadSearchPage } from '../features/search/search.page.ts';
import type { RequestContext } from './context.ts';
import { assemblePage, fallbackErrorPage, seoHeadTags, splitTemplate } from './page-html.ts';

/** The current user as the page bootstrap carries it (the `GET /users/me` shape, api-contract §3). */
export interface PageUser {
  userID: number;
  name: string;
  email?: string | null;
  photoUrl?: string | null;
  emailConfirmed?: boolean;
  isAdmin?: boolean;
  private?: boolean;
  roleIDs?: number[];
  [key: string]: unknown;
}

/** A layout page's hydrated layout, or why it could not be hydrated (web `BootstrapLayout`). */
export interface PageLayout {
  lookup: LayoutLookup;
  result?: HydratedLayout;
  error?: { status: number; message: string; description?: string | undefined };
}

/** What every page embeds for the React app (web/src/lib/bootstrap.ts `Bootstrap`). */
export interface PageBootstrap {
  me: PageUser;
  permissions: PermissionSet;
  config: Record<string, unknown>;
  transientKey: string;
  locale: string;
  theme: ThemeVariables;
  /** When the server rendered the page (ms): time-dependent text hydrates from the same instant. */
  renderedAt: number;
  /** Layout pages only: the layout the server hydrated, so the browser fetches nothing again. */
  layout?: PageLayout;
  /** Profile pages only (issue 15): the profile's user and first lists. */
  profile?: ProfileBootstrap;
  /** `/search?query=` only (issue 14): the first page of results. */
  search?: SearchBootstrap;
}

/** web/src/entry-server.tsx `RenderResult`: the app's markup and head tags, in pieces. */
interface RenderResult {
  htmlChunks: readonly Uint8Array[];
  headParts: readonly string[];
  status: number;
}

type RenderPage = (url: string, bootstrap: PageBootstrap) => Promise<RenderResult>;

export interface RegisterPagesOptions {
  /** The build folder holding `web/` (client) and `server-entry/` (SSR bundle). */
  distDir: string;
  /** The current user for the bootstrap; defaults to the users service's `GET /users/me` record. */
  loadCurrentUser?: (ctx: RequestContext) => Promise<PageUser>;
  /** Settings for the bootstrap; defaults to the `x-read: public` keys of the config service. */
  loadPublicConfig?: (ctx: RequestContext) => Promise<Record<string, unknown>>;
  /** The current theme's `assets.variables`; defaults to the theme defaults. */
  loadThemeVariables?: (ctx: RequestContext) => Promise<unknown>;
}

/** `GET /users/me`'s record (api-contract §3), as the users service builds it. */
async function defaultLoadCurrentUser(ctx: RequestContext): Promise<PageUser> {
  return (await getMe(ctx)) as PageUser;
}

/** The settings the page carries: `x-read: public`, plus `member` for signed-in viewers (api-contract §14). */
async function defaultLoadPublicConfig(ctx: RequestContext): Promise<Record<string, unknown>> {
  // getConfig answers only what this viewer may read; of that, the page carries the public keys
  // and, for signed-in members, the member keys (upload limits for the editor's pre-checks).
  const readable = await getConfig(ctx, undefined);
  return Object.fromEntries(
    Object.entries(readable).filter(
      ([key]) =>
        isSettingKey(key) &&
        (settingDefinitions[key].read === 'public' || settingDefinitions[key].read === 'member'),
    ),
  );
}

/**
 * Hydrates the layout of a layout page in-process (the same service as `GET
 * /layouts/lookup-hydrate`). A redirect is answered by the caller; a refused or missing record
 * becomes the error the page shows (404 '{type} Not Found', 403 'Permission Problem').
 */
export async function loadPageLayout(
  request: FastifyRequest,
  lookup: LayoutLookup,
): Promise<PageLayout | { redirectTo: string; status: number }> {
  try {
    const result = await lookupHydrate(request.ctx, lookup, {
      compact: true,
      shared: sharedPartsOf(request.server.guestCache),
    });
    if (isLayoutRedirect(result)) return result;
    return { lookup, result };
  } catch (error) {
    if (error instanceof AppError) {
      return {
        lookup,
        error: { status: error.statusCode, message: error.message, description: error.description },
      };
    }
    // spec 000 §2: a layout failure shows the error page, the title bar still rendered.
    request.log.error({ err: error }, 'layout hydration failed');
    return { lookup, error: { status: 500, message: 'There was an error' } };
  }
}

/** Stylesheets of lazily loaded chunks, linked up front so server-rendered parts are styled at first paint. */
async function readLazyStylesheets(clientDir: string): Promise<string> {
  try {
    const manifest = JSON.parse(
      await readFile(path.join(clientDir, '.vite', 'manifest.json'), 'utf8'),
    ) as Record<string, { isEntry?: boolean; isDynamicEntry?: boolean; css?: string[] }>;
    const files = new Set<string>();
    for (const chunk of Object.values(manifest)) {
      if (chunk.isDynamicEntry === true) {
        for (const css of chunk.css ?? []) files.add(css);
      }
    }
    return [...files].map((file) => `<link rel="stylesheet" href="/${file}">`).join('\n');
  } catch {
    return '';
  }
}

/**
 * Serves the web app: `/assets/*` from the client build (long, immutable cache) and every other
 * GET outside `/api/` rendered on the server with the page bootstrap built from `request.ctx`,
 * answering the status the page asks for (404 for unknown pages). Without a build in `distDir`
 * (API tests), it registers nothing and logs one line.
 */
export async function registerPages(
  app: FastifyInstance,
  options: RegisterPagesOptions,
): Promise<void> {
  const clientDir = path.join(options.distDir, 'web');
  const templateFile = path.join(clientDir, 'index.html');
  const serverEntry = path.join(options.distDir, 'server-entry', 'entry-server.js');
  if (!existsSync(templateFile) || !existsSync(serverEntry)) {
    app.log.info(`No web build in ${options.distDir} (npm run build): pages are not served.`);
    return;
  }
  const rawTemplate = await readFile(templateFile, 'utf8');
  const templateParts = splitTemplate(rawTemplate);
  const lazyStylesheets = await readLazyStylesheets(clientDir);
  const { render } = (await import(pathToFileURL(serverEntry).href)) as { render: RenderPage };
  const loadCurrentUser = options.loadCurrentUser ?? defaultLoadCurrentUser;
  const loadPublicConfig = options.loadPublicConfig ?? defaultLoadPublicConfig;
  const loadThemeVariables = options.loadThemeVariables ?? (async () => undefined);

  await app.register(fastifyStatic, {
    root: path.join(clientDir, 'assets'),
    prefix: '/assets/',
    decorateReply: false,
    index: false,
    // File names carry a content hash: they never change.
    immutable: true,
    maxAge: '365d',
    // `npm run build` writes .br and .gz beside each asset (scripts/precompress.ts).
    preCompressed: true,
  });

  // The theme is resolved once per `assets.variables` the loader gives (the defaults: always the
  // same), not on every page; the browser and the render only read it.
  let resolvedTheme: { variables: unknown; theme: ThemeVariables } | undefined;
  const themeOf = (variables: unknown): ThemeVariables => {
    if (resolvedTheme === undefined || resolvedTheme.variables !== variables) {
      resolvedTheme = { variables, theme: resolveTheme(variables) };
    }
    return resolvedTheme.theme;
  };

  const buildBootstrap = async (ctx: RequestContext): Promise<PageBootstrap> => {
    const [me, config, themeVariables] = await Promise.all([
      loadCurrentUser(ctx),
      loadPublicConfig(ctx),
      loadThemeVariables(ctx),
    ]);
    const locale = typeof config['garden.locale'] === 'string' ? config['garden.locale'] : 'en';
    return {
      me,
      permissions: ctx.permissions,
      config,
      transientKey: ctx.actor.transientKey ?? '',
      locale,
      theme: themeOf(themeVariables),
      renderedAt: Date.now(),
    };
  };

  const renderPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname === '/api' || pathname.startsWith('/api/')) {
      return reply.callNotFound();
    }
    const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    // spec 000 §2: page 1 of a list has no `/p1` suffix.
    const firstPage = firstPageRedirect(pathname, search);
    if (firstPage !== null) return reply.redirect(firstPage, 301);
    try {
      const bootstrap = await buildBootstrap(request.ctx);
      const lookup = layoutLookupForPath(pathname, search);
      let seoTags = '';
      if (lookup !== null) {
        const layout = await loadPageLayout(request, lookup);
        if ('redirectTo' in layout) {
          return reply.redirect(layout.redirectTo, layout.status === 301 ? 301 : 302);
        }
        bootstrap.layout = layout;
        if (layout.result !== undefined) seoTags = seoHeadTags(layout.result.seo);
      }
      const profile = lookup === null ? await loadProfilePage(request.ctx, pathname) : null;
      if (profile !== null) bootstrap.profile = profile;
      const searchPage = lookup === null ? await loadSearchPage(request.ctx, pathname, search) : null;
      if (searchPage !== null) bootstrap.search = searchPage;
      const result = await render(request.url, bootstrap);
      const html = assemblePage(rawTemplate, templateParts, {
        locale: bootstrap.locale,
        headParts: result.headParts,
        extraHead: [seoTags, lazyStylesheets],
        htmlChunks: result.htmlChunks,
      });
      return reply
        .status(result.status)
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'private, no-cache')
        .send(html);
    } catch (error) {
      request.log.error({ err: error }, 'page render failed');
      return reply
        .status(500)
        .header('content-type', 'text/html; charset=utf-8')
        .send(fallbackErrorPage(rawTemplate));
    }
  };

  // A guest's page is the same for every guest: it may come from the guest cache (http/guest-cache.ts).
  app.get('/', { schema: { hide: true }, config: { guestCache: true } }, renderPage);
  app.get('/*', { schema: { hide: true }, config: { guestCache: true } }, renderPage);
}
