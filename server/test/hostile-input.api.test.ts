import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { createTestApp, testDialect, type TestApp } from './harness.ts';
import { asAdmin, asGuest, asMember, uniqueIP, type TestActor } from './actors.ts';
import {
  type OpenApiOperation,
  type RouteUnderTest,
  type HostileRequest,
  hostileJson,
  encode,
  asText,
} from './hostile-input.values.ts';
import {
  queryArbitrary,
  bodyArbitrary,
  multipartArbitrary,
  hostileHeader,
  checkAnswer,
} from './hostile-input.requests.ts';

// Issue 11 "Done when": generated hostile input over every registered API route, as a guest, a
// member and an administrator, never answers 5xx, and every error is the contract's body (§1.10).
// The routes and their parameters come from the OpenAPI document, which is generated from the
// route schemas and lists every route (routes.api.test.ts checks that).

const SEED = Number(process.env.HOSTILE_SEED ?? 20261125);
const RUNS_PER_ACTOR = Number(process.env.HOSTILE_RUNS ?? 40);

describe(`hostile input over every API route (${testDialect})`, () => {
  let t: TestApp;
  let routes: RouteUnderTest[] = [];
  let requests = 0;
  const started = Date.now();
  const failures: string[] = [];

  before(async () => {
    t = await createTestApp();
    const response = await t.app.inject({ method: 'GET', url: '/api/v2/openapi.json' });
    const document = response.json() as { paths: Record<string, Record<string, OpenApiOperation>> };
    routes = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations).map(([method, operation]) => {
        const parameters = operation.parameters ?? [];
        const content = operation.requestBody?.content ?? {};
        const bodyType =
          Object.keys(content)[0] ??
          (path.endsWith('/media') || path.endsWith('/photo') ? 'multipart/form-data' : null);
        return {
          method: method.toUpperCase(),
          path,
          pathParams: parameters
            .filter((parameter) => parameter.in === 'path')
            .map((parameter) => parameter.name),
          queryParams: parameters.filter((parameter) => parameter.in === 'query'),
          bodyType,
          bodySchema: bodyType ? content[bodyType]?.schema : undefined,
        };
      }),
    );
  });

  after(async () => {
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      `hostile input (${testDialect}): ${routes.length} routes, ${requests} requests, ${seconds} s, seed ${SEED}`,
    );
    await t.close();
  });

  /** Records an admin can reach, made fresh for each route since hostile writes may remove them. */
  async function seedRecords(admin: TestActor): Promise<Record<string, number>> {
    const post = async (url: string, payload: Record<string, unknown>) => {
      const response = await t.app.inject({ method: 'POST', url, headers: admin.headers, payload });
      return response.statusCode < 300 ? (response.json() as Record<string, number>) : {};
    };
    const discussion = await post('/api/v2/discussions', {
      name: 'Seed',
      body: 'Seed body',
      format: 'text',
      categoryID: 1,
    });
    const comment = await post('/api/v2/comments', {
      discussionID: discussion.discussionID,
      body: 'Seed comment',
      format: 'text',
    });
    const tag = await post('/api/v2/tags', {
      name: `seed${requests}${Math.random().toString(36).slice(2, 8)}`,
    });
    return {
      discussions: discussion.discussionID ?? 1,
      comments: comment.commentID ?? 1,
      tags: tag.tagID ?? 1,
      categories: 1,
      roles: 1,
      users: admin.user?.userID ?? 1,
    };
  }

  function pathValue(
    route: RouteUnderTest,
    name: string,
    records: Record<string, number>,
    actor: TestActor,
  ): fc.Arbitrary<string> {
    const resource = route.path.split('/')[3] ?? '';
    const own = name === 'userID' ? (actor.user?.userID ?? 1) : (records[resource] ?? 1);
    return fc.oneof(
      { weight: 2, arbitrary: fc.constant(String(own)) },
      { weight: 4, arbitrary: hostileJson.map((value) => encode(asText(value))) },
      {
        weight: 1,
        arbitrary: fc.constantFrom('%00', '%ED%A0%80', '%FF', '1%00', '%24me', '%24name%3Aadmin'),
      },
    );
  }

  function requestArbitrary(
    route: RouteUnderTest,
    records: Record<string, number>,
    actor: TestActor,
  ): fc.Arbitrary<HostileRequest> {
    const pathParts = route.pathParams.map((name) => pathValue(route, name, records, actor));
    const body: fc.Arbitrary<{ payload: string | Buffer; contentType: string } | null> =
      route.bodyType === 'multipart/form-data'
        ? multipartArbitrary()
        : route.bodyType
          ? bodyArbitrary(route.bodySchema)
          : fc.option(bodyArbitrary(undefined), { freq: 4 });
    return fc
      .tuple(
        fc.tuple(...pathParts),
        queryArbitrary(route.path, route.queryParams),
        body,
        hostileHeader,
      )
      .map(([values, query, content, extraHeader]) => {
        let path = route.path;
        route.pathParams.forEach((name, index) => {
          path = path.replace(`{${name}}`, values[index] ?? '1');
        });
        const headers: Record<string, string> = { ...actor.headers, 'x-forwarded-for': uniqueIP() };
        if (content) headers['content-type'] = content.contentType;
        if (extraHeader) headers[extraHeader.name] = extraHeader.value;
        return {
          method: route.method,
          url: `${path}${query}`,
          headers,
          ...(content ? { payload: content.payload } : {}),
        };
      });
  }

  test('no route answers 5xx, and every error is the contract body', async () => {
    for (const route of routes) {
      const admin = await asAdmin(t);
      const records = await seedRecords(admin);
      const actors: [string, TestActor][] = [
        ['guest', await asGuest(t)],
        ['member', await asMember(t)],
        ['admin', admin],
      ];
      for (const [actorName, actor] of actors) {
        await fc
          .assert(
            fc.asyncProperty(requestArbitrary(route, records, actor), async (request) => {
              requests += 1;
              const response = await t.app.inject(request);
              const problem = checkAnswer(request, response);
              if (problem) throw new Error(`as ${actorName}: ${problem}`);
            }),
            { seed: SEED, numRuns: RUNS_PER_ACTOR, endOnFailure: true },
          )
          .catch((error: unknown) => {
            const text = error instanceof Error ? error.message : String(error);
            failures.push(`${route.method} ${route.path} as ${actorName}:\n${text.slice(0, 1500)}`);
          });
      }
    }
    assert.ok(routes.length >= 99, `only ${routes.length} routes found`);
    assert.deepEqual(failures, [], `seed ${SEED}:\n${failures.join('\n\n')}`);
  });
});
