import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { createTestApp, testDialect, type TestApp } from './harness.ts';

// CONVENTIONS §10 "Contract": every API route declares request and response schemas (they also
// generate the OpenAPI document) and is exercised by at least one API test.

function apiTestSources(): string {
  const root = path.resolve(import.meta.dirname, '..');
  const sources: string[] = [];
  for (const entry of fs.readdirSync(root, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && entry.name.endsWith('.api.test.ts') && entry.name !== 'routes.api.test.ts') {
      sources.push(fs.readFileSync(path.join(entry.parentPath, entry.name), 'utf8'));
    }
  }
  return sources.join('\n');
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
      .map((route) => `${route.method} ${route.url}${route.hasRequestSchema ? '' : ' (no request schema)'}${route.hasResponseSchema ? '' : ' (no response schema)'}`);
    assert.deepEqual(missing, []);
  });

  test('the OpenAPI document lists every route', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v2/openapi.json' });
    assert.equal(response.statusCode, 200);
    const document = response.json() as { openapi: string; paths: Record<string, Record<string, unknown>> };
    assert.match(document.openapi, /^3\./);
    const missing = t.app.apiRoutes
      .map((route) => ({ method: route.method.toLowerCase(), openApiPath: route.url.replace(/:(\w+)/g, '{$1}') }))
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
          .map((part) => (part.startsWith(':') ? "[^/'\"`?]+" : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
          .join('');
        return !new RegExp(`${pattern}(?![\\w/-])`).test(sources);
      })
      .map((route) => `${route.method} ${route.url}`);
    assert.deepEqual(untested, []);
  });
});
