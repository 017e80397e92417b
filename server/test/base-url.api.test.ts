import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Discussion } from '../../common/src/api/discussions.ts';
import { buildApp } from '../src/app.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { asMember, bearerFor, createUser, type TestBearer } from './actors.ts';
import { fakeWebBuild } from './fake-web-build.ts';

// Issue 11 item 16: with BASE_URL unset, absolute URLs name the host the request was sent to
// (forwarded headers only from a trusted proxy); with BASE_URL set, it always wins.

describe('absolute URLs without BASE_URL', () => {
  let t: TestApp;
  let behindProxy: FastifyInstance;
  let withBaseUrl: FastifyInstance;
  let pages: FastifyInstance;
  let distDir: string;
  let author: TestBearer;
  let categoryID: number;

  before(async () => {
    // BASE_URL unset, no trusted proxy; the guest cache stays on (10 s), so answers must not cross hosts.
    t = await createTestApp({ BASE_URL: '', TRUST_PROXY: 'false' });
    assert.equal(t.config.baseUrlFromRequest, true);
    behindProxy = await buildApp({
      config: { ...t.config, trustProxy: true },
      database: t.database.handle,
      logger: false,
    });
    withBaseUrl = await buildApp({
      config: { ...t.config, baseUrl: 'https://base.example', baseUrlFromRequest: false },
      database: t.database.handle,
      logger: false,
    });
    distDir = fakeWebBuild();
    pages = await buildApp({
      config: t.config,
      database: t.database.handle,
      logger: false,
      distDir,
    });
    await Promise.all([behindProxy.ready(), withBaseUrl.ready(), pages.ready()]);

    const member = await asMember(t);
    if (!member.user) throw new Error('no member');
    author = await bearerFor(t, member.user.userID);
    const categories = await t.app.inject({
      method: 'GET',
      url: '/api/v2/categories',
      headers: author.headers,
    });
    categoryID = (categories.json() as { categoryID: number }[])[0]?.categoryID ?? -1;
    for (const name of ['First', 'Second']) {
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/v2/discussions',
        headers: { ...author.headers, host: '127.0.0.1:4000' },
        payload: {
          name,
          format: 'markdown',
          body: 'See ![photo](http://127.0.0.1:4000/uploads/media/photo.png) and [the first](http://127.0.0.1:4000/discussion/1).',
          categoryID,
        },
      });
      assert.equal(created.statusCode, 201, created.body);
    }
  });
  after(async () => {
    await Promise.all([behindProxy.close(), withBaseUrl.close(), pages.close()]);
    fs.rmSync(distDir, { recursive: true, force: true });
    await t.close();
  });

  const list = (app: FastifyInstance, headers: Record<string, string>) =>
    app.inject({ method: 'GET', url: '/api/v2/discussions?limit=1', headers });

  /** Every absolute URL of a guest's discussion list, which must all start with `origin`. */
  function assertOrigin(response: LightMyRequestResponse, origin: string): void {
    assert.equal(response.statusCode, 200, response.body);
    const [discussion] = response.json() as Discussion[];
    assert.ok(discussion);
    const urls = {
      url: discussion.url,
      photoUrl: discussion.insertUser?.photoUrl,
      next: response.headers['x-app-page-next-url'],
      first: response.headers['x-app-page-first-url'],
    };
    for (const [name, value] of Object.entries(urls)) {
      assert.equal(typeof value, 'string', name);
      assert.ok(
        String(value).startsWith(`${origin}/`),
        `${name} ${String(value)} should start with ${origin}/`,
      );
    }
  }

  test('each host gets URLs on itself: discussion url, photoUrl, paging headers', async () => {
    assertOrigin(await list(t.app, { host: '127.0.0.1:4000' }), 'http://127.0.0.1:4000');
    assertOrigin(await list(t.app, { host: 'forum.example' }), 'http://forum.example');
    // Asked again (from the guest cache now): still each its own.
    assertOrigin(await list(t.app, { host: '127.0.0.1:4000' }), 'http://127.0.0.1:4000');
    assertOrigin(await list(t.app, { host: 'FORUM.example' }), 'http://forum.example');
  });

  test('stored bodies name no host: an upload and a link written at one address work at another', async () => {
    const response = await list(t.app, { host: 'forum.example' });
    const [discussion] = response.json() as Discussion[];
    const body = discussion?.body ?? '';
    assert.match(body, /src="\/uploads\/media\/photo\.png"/);
    assert.match(body, /href="\/discussion\/1"/);
    assert.doesNotMatch(body, /127\.0\.0\.1/);
  });

  test('forwarded headers are ignored without a trusted proxy', async () => {
    const response = await list(t.app, {
      host: 'forum.example',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'https',
    });
    assertOrigin(response, 'http://forum.example');
  });

  test('behind a trusted proxy, the forwarded host and scheme are used', async () => {
    const response = await list(behindProxy, {
      host: '10.0.0.5:3000',
      'x-forwarded-host': 'forum.example.org',
      'x-forwarded-proto': 'https',
    });
    assertOrigin(response, 'https://forum.example.org');
  });

  test('the session cookie is Secure exactly when the request came over https', async () => {
    // A new member per sign-in: the sign-in throttle counts attempts per account.
    const signIn = async (app: FastifyInstance, proto: string) => {
      const user = await createUser(t);
      return app.inject({
        method: 'POST',
        url: '/api/v2/authenticate/password',
        headers: { 'content-type': 'application/json', host: 'forum.example.org', 'x-forwarded-proto': proto },
        payload: { username: user.name, password: user.password },
      });
    };
    const overHttps = await signIn(behindProxy, 'https');
    assert.equal(overHttps.statusCode, 201, overHttps.body);
    assert.match(String(overHttps.headers['set-cookie']), /; Secure/);
    const overHttp = await signIn(behindProxy, 'http');
    assert.equal(overHttp.statusCode, 201, overHttp.body);
    assert.doesNotMatch(String(overHttp.headers['set-cookie']), /; Secure/);
    // Without a trusted proxy a forwarded scheme is ignored: plain http, no Secure.
    const untrusted = await signIn(t.app, 'https');
    assert.doesNotMatch(String(untrusted.headers['set-cookie']), /; Secure/);
  });

  test('a malformed Host falls back to localhost', async () => {
    assertOrigin(
      await list(t.app, { host: 'bad host<>' }),
      `http://localhost:${String(t.config.port)}`,
    );
  });

  test('with BASE_URL set, it always wins', async () => {
    assertOrigin(await list(withBaseUrl, { host: '127.0.0.1:4000' }), 'https://base.example');
    assertOrigin(
      await list(withBaseUrl, { host: 'forum.example', 'x-forwarded-host': 'evil.example' }),
      'https://base.example',
    );
  });

  test('e-mailed links never follow the Host header (no password-reset poisoning)', async () => {
    const before = t.mail.sent.length;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v2/users/request-password',
      headers: { host: 'evil.example' },
      payload: { email: 'admin@hearth.test' },
    });
    assert.equal(response.statusCode, 201, response.body);
    const message = t.mail.sent.at(-1);
    assert.equal(t.mail.sent.length, before + 1);
    assert.match(
      message?.text ?? '',
      new RegExp(`http://localhost:${String(t.config.port)}/entry/passwordreset/`),
    );
    assert.doesNotMatch(`${message?.text ?? ''}${message?.html ?? ''}`, /evil\.example/);
  });

  test("a page's canonical link is on the requested host", async () => {
    for (const host of ['127.0.0.1:4000', 'forum.example']) {
      const response = await pages.inject({
        method: 'GET',
        url: '/discussions',
        headers: { host },
      });
      assert.equal(response.statusCode, 200);
      assert.match(
        response.body,
        new RegExp(
          `<link rel="canonical" href="http://${host.replace(/\./g, '\\.')}/discussions" data-seo>`,
        ),
      );
    }
  });
});
