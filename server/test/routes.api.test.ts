import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { createTestApp, testDialect, type TestApp } from './harness.ts';
import { normalizePath, readContractCalls, type ContractCall } from './contract.ts';

// CONVENTIONS §10 "Contract": every API route declares request and response schemas (they also
// generate the OpenAPI document) and is exercised by at least one API test.

function apiTestSources(): string {
  const root = path.resolve(import.meta.dirname, '..');
  const sources: string[] = [];
  for (const entry of fs.readdirSync(root, { withFileTypes: true, recursive: true })) {
    if (
      entry.isFile() &&
      entry.name.endsWith('.api.test.ts') &&
      entry.name !== 'routes.api.test.ts'
    ) {
      sources.push(fs.readFileSync(path.join(entry.parentPath, entry.name), 'utf8'));
    }
  }
  return sources.join('\n');
}

const root = path.resolve(import.meta.dirname, '../..');
/** shared/ sits beside the project (in CI too: ../shared). */
const contractFile = path.resolve(root, '../shared/api-contract.md');

/**
 * Contract calls not built yet (future issues), by path prefix or exact `METHOD /path`. A call
 * built at its contract path must leave this list; one built at another path fails the first
 * contract test (not in the contract) until path or contract is fixed.
 */
const NOT_BUILT_PREFIXES = [
  '/themes',
  '/addons',
  '/locales',
  '/translation-services',
  '/translations',
  '/attachments',
  '/analytics',
  '/tick',
  '/fragments',
  '/knowledge-bases',
  '/knowledge-categories',
  '/articles',
  '/groups',
];
const NOT_BUILT_CALLS = [
  'GET /authenticate/authenticators',
  'POST /tokens/roles',
  'GET /users/leaders',
  'GET /categories/suggested',
  'POST /discussions/idea',
  'PUT /discussions/{}/status',
  'PUT /discussions/{}/canonical-url',
  'POST /discussions/resolve-bulk',
  'PATCH /comments/{}/answer',
  'GET /media/by-url',
  'GET /media/{}/download',
  'PATCH /media/{}/attachment',
  'POST /media/scrape',
  'GET /layouts/lookup-hydrate-assets',
  'GET /layouts/{}/hydrate',
  'POST /layouts/hydrate',
  'DELETE /layouts',
  // api-contract §27.4 doc≠code: the controller's call is PATCH /reports/{id}/dismiss (built).
  'POST /reports/dismiss',
];
/** Page routes the contract names beside the API (served by the web app, not under /api/v2). */
const PAGE_ROUTES = ['GET /entry/signout', 'GET /discussion/comment/{}'];
/** Hearth's calls beyond the contract, each with its reason (docs/decisions.md). */
const HEARTH_EXTENSIONS: Record<string, string> = {
  'GET /health': 'liveness and database check for process managers',
  'POST /users/{}/confirm-email/resend': "the spec's resend link as an API call",
  'POST /users/{}/reset-password': 'the reset form of /entry/passwordreset',
  'PUT /roles/{}/permissions': "the role editor's permission grid in one write",
  'DELETE /discussions/{}/reactions': '§10: userID optional, `/reactions` alone = self',
  'DELETE /comments/{}/reactions': '§10: userID optional, `/reactions` alone = self',
  'GET /jobs': "administrators' view of dead and failed jobs (issue 13)",
  'POST /jobs/{}/retry': 'administrators put a dead job back in the queue (issue 13)',
  'GET /users/{}/ignore': 'whether the current user ignores a user (issue 13 ignore list)',
  'PUT /users/{}/ignore': 'the current user ignores a user: no notifications of their messages or mentions (issue 13)',
  'DELETE /users/{}/ignore': 'the current user stops ignoring a user (issue 13)',
  'GET /events': 'Server-Sent Events: live notifications, messages and new comments (issue 13, ARCHITECTURE "Live updates")',
  'POST /notifications/unsubscribe/{}': 'RFC 8058 one-click unsubscribe from a notification e-mail (issue 13)',
};
/** Documented parameters Hearth does not take yet, per call, with the reason. */
const NOT_SUPPORTED: Record<string, Record<string, string>> = {
  'GET /users': { rankIDs: 'ranks add-on not built', profileFields: 'profile fields not built' },
  'POST /users': { profileFields: 'profile fields not built' },
  'POST /categories': {
    allowedPostTypeIDs: 'post types not built',
    hasRestrictedPostTypes: 'post types not built',
  },
  'GET /categories/search': {
    parent: 'an expand value (`parent` → `parent: {…}`), not a parameter',
  },
};

const keyOf = (call: { method: string; path: string }) => `${call.method} ${call.path}`;
const notBuilt = (key: string) =>
  NOT_BUILT_CALLS.includes(key) ||
  NOT_BUILT_PREFIXES.some((prefix) => {
    const p = key.split(' ')[1]!;
    return p === prefix || p.startsWith(`${prefix}/`);
  });

interface OpenApiOperation {
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
}

describe(`API routes (${testDialect})`, () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(async () => {
    await t.close();
  });

  test('every route has a request schema and a response schema', () => {
    assert.ok(t.app.apiRoutes.length > 0);
    const missing = t.app.apiRoutes
      .filter((route) => !route.hasRequestSchema || !route.hasResponseSchema)
      .map(
        (route) =>
          `${route.method} ${route.url}${route.hasRequestSchema ? '' : ' (no request schema)'}${route.hasResponseSchema ? '' : ' (no response schema)'}`,
      );
    assert.deepEqual(missing, []);
  });

  test('the OpenAPI document lists every route', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v2/openapi.json' });
    assert.equal(response.statusCode, 200);
    const document = response.json() as {
      openapi: string;
      paths: Record<string, Record<string, unknown>>;
    };
    assert.match(document.openapi, /^3\./);
    const missing = t.app.apiRoutes
      .map((route) => ({
        method: route.method.toLowerCase(),
        openApiPath: route.url.replace(/:(\w+)/g, '{$1}'),
      }))
      .filter(({ method, openApiPath }) => !document.paths[openApiPath]?.[method])
      .map(({ method, openApiPath }) => `${method} ${openApiPath}`);
    assert.deepEqual(missing, []);
  });

  test('every route is called by an API test', () => {
    const sources = apiTestSources();
    const untested = t.app.apiRoutes
      .filter((route) => {
        const pattern = route.url
          .split(/(:\w+)/)
          .map((part) =>
            part.startsWith(':') ? '[^/\'"`?]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
          )
          .join('');
        return !new RegExp(`${pattern}(?![\\w/-])`).test(sources);
      })
      .map((route) => `${route.method} ${route.url}`);
    assert.deepEqual(untested, []);
  });

  describe('against shared/api-contract.md', () => {
    const present = fs.existsSync(contractFile);
    const skip = present
      ? false
      : `skipped: ${contractFile} is missing (shared/ must sit beside the project)`;
    const calls: ContractCall[] = present ? readContractCalls(contractFile) : [];
    const implemented = () =>
      new Map(
        t.app.apiRoutes.map((route) => [`${route.method} ${normalizePath(route.url)}`, route]),
      );

    test('the contract lists calls', { skip }, () => {
      assert.ok(calls.length > 100, `only ${String(calls.length)} calls read from ${contractFile}`);
    });

    test(
      'every implemented call is in the contract with that method (or a listed Hearth extension)',
      { skip },
      () => {
        const contract = new Set(calls.map(keyOf));
        const unknown = [...implemented().keys()].filter(
          (key) => !contract.has(key) && !(key in HEARTH_EXTENSIONS),
        );
        assert.deepEqual(unknown, []);
      },
    );

    test(
      'every contract call is implemented, a page route, or listed as not built yet',
      { skip },
      () => {
        const routes = implemented();
        const missing = calls
          .map(keyOf)
          .filter((key) => !routes.has(key) && !notBuilt(key) && !PAGE_ROUTES.includes(key));
        assert.deepEqual(missing, []);
      },
    );

    test('the not-built list names contract calls that are really not built', { skip }, () => {
      const routes = implemented();
      const contract = new Set(calls.map(keyOf));
      assert.deepEqual(
        NOT_BUILT_CALLS.filter((key) => routes.has(key)),
        [],
        'built now: remove from NOT_BUILT_CALLS',
      );
      assert.deepEqual(
        NOT_BUILT_CALLS.filter((key) => !contract.has(key)),
        [],
        'not in the contract',
      );
      const builtUnderPrefix = [...routes.keys()].filter((key) =>
        NOT_BUILT_PREFIXES.some((prefix) => key.split(' ')[1]!.startsWith(prefix)),
      );
      assert.deepEqual(builtUnderPrefix, [], 'built now: narrow NOT_BUILT_PREFIXES');
      for (const key of Object.keys(HEARTH_EXTENSIONS))
        assert.ok(routes.has(key), `extension ${key} is not a route`);
    });

    test(
      "each implemented call's query and body schema accepts its documented parameters",
      { skip },
      async () => {
        const response = await t.app.inject({ method: 'GET', url: '/api/v2/openapi.json' });
        const document = response.json() as {
          paths: Record<string, Record<string, OpenApiOperation>>;
        };
        const routes = implemented();
        const refused: string[] = [];
        let checked = 0;
        for (const call of calls) {
          const route = routes.get(keyOf(call));
          if (!route || (call.query.length === 0 && call.body.length === 0)) continue;
          const operation =
            document.paths[route.url.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()];
          const query = new Set(
            (operation?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
          );
          const body = new Set(
            Object.values(operation?.requestBody?.content ?? {}).flatMap((media) =>
              Object.keys(media.schema?.properties ?? {}),
            ),
          );
          const exempt = NOT_SUPPORTED[keyOf(call)] ?? {};
          for (const name of call.query)
            if (!query.has(name) && !(name in exempt)) refused.push(`${keyOf(call)} query ${name}`);
          for (const name of call.body)
            if (!body.has(name) && !(name in exempt)) refused.push(`${keyOf(call)} body ${name}`);
          checked += call.query.length + call.body.length;
        }
        assert.ok(checked > 40, `only ${String(checked)} documented parameters read`);
        assert.deepEqual(refused, []);
      },
    );
  });
});
