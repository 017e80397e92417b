import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, testDialect, type TestApp } from './harness.ts';
import { asAdmin, asGuest, asMember, inject, uniqueIP, type TestActor } from './actors.ts';
import type { ErrorBody } from './factories.ts';

// Issue 11 "Done when": generated hostile input over every registered API route, as a guest, a
// member and an administrator, never answers 5xx, and every error is the contract's body (§1.10).
// The routes and their parameters come from the OpenAPI document, which is generated from the
// route schemas and lists every route (routes.api.test.ts checks that).

const SEED = Number(process.env.HOSTILE_SEED ?? 20261125);
const RUNS_PER_ACTOR = Number(process.env.HOSTILE_RUNS ?? 40);

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  const?: unknown;
  required?: string[];
}

interface QueryParameter {
  in: string;
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}

interface OpenApiOperation {
  parameters?: QueryParameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

interface RouteUnderTest {
  method: string;
  path: string;
  pathParams: string[];
  queryParams: QueryParameter[];
  bodyType: string | null;
  bodySchema: JsonSchema | undefined;
}

interface HostileRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

/** Numbers past every column's range, and the odd ones (floats, negatives, zero). */
const hostileNumbers = [
  2_147_483_647,
  2_147_483_648,
  -2_147_483_649,
  99_999_999_999,
  2 ** 53 + 2,
  9.3e18,
  1e20,
  1e308,
  -1,
  0,
  1.5,
  -0.5,
  4.2e-7,
];

/** Strings that have hurt servers: NUL, lone surrogates, long unicode, markup, number look-alikes. */
const hostileStrings = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '😀'.repeat(3000),
  'é'.repeat(70_000),
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '[b]x[/b]{{7*7}}${7*7}',
  '',
  ' ',
  'NaN',
  'Infinity',
  '-Infinity',
  '2147483648',
  '9223372036854775808',
  '99999999999',
  '-1',
  '0',
  '1.5',
  '1e20',
  '0x10',
  '9'.repeat(400),
  '$me',
  '$name:admin',
  '$name:\u0000',
  '$email:',
  '$query:x',
  '$urlcode:general',
  '>2147483648',
  '1..99999999999',
  '[1,99999999999]',
  '(−1,2]',
  '1,2,2147483648',
  '2024-13-45',
  '>=9999-99-99',
  "' or 1=1 --",
  '../../etc/passwd',
];

const hostileString = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...hostileStrings) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
);

const hostileNumber = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...hostileNumbers) },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  { weight: 1, arbitrary: fc.integer({ min: -(2 ** 40), max: 2 ** 40 }) },
);

/** A JSON value of the wrong kind or out of range. */
const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileNumber },
  { weight: 4, arbitrary: hostileString },
  {
    weight: 1,
    arbitrary: fc.constantFrom<unknown>(
      null,
      true,
      false,
      [],
      {},
      [1, 2],
      ['\u0000'],
      { a: 1 },
      [[[]]],
      [2_147_483_648],
    ),
  },
  { weight: 1, arbitrary: fc.array(hostileNumber, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(hostileString, hostileNumber, { maxKeys: 2 }) },
);

/** A plausible value for a schema, so that the other fields of a body get past validation. */
function plausible(schema: JsonSchema | undefined): unknown {
  if (!schema) return 'x';
  if (schema.const !== undefined) return schema.const;
  if (schema.enum && schema.enum.length > 0) return schema.enum[0];
  const choice = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (choice) return plausible(choice);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return true;
    case 'array':
      return [plausible(schema.items)];
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(schema.properties ?? {}))
        value[key] = plausible(property);
      return value;
    }
    case 'null':
      return null;
    case 'string':
    case undefined:
    default:
      return 'Plausible text';
  }
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Percent-encodes any string; a lone surrogate becomes its (invalid) UTF-8 bytes as a client could send. */
function encode(value: string): string {
  return value
    .split(LONE_SURROGATE)
    .map((part) => encodeURIComponent(part))
    .join('%ED%A0%80');
}

function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return JSON.stringify(value) ?? '';
}

/** A query string: each declared parameter left out, plausible, hostile, or in bracket/array form. */
/** Plausible queries of routes whose required parameters depend on one another. */
const plausibleQueries: Record<string, Record<string, string>[]> = {
  '/api/v2/layouts/lookup-hydrate': [
    { layoutViewType: 'post', recordType: 'discussion', recordID: '1' },
    { layoutViewType: 'post', recordType: 'comment', recordID: '1' },
    { layoutViewType: 'discussion', recordType: 'discussion', recordID: '1' },
    { layoutViewType: 'categoryList', recordType: 'category', recordID: '1' },
    { layoutViewType: 'categoryList', recordType: 'siteSection', recordID: '0' },
    { layoutViewType: 'discussionList', recordType: 'siteSection', recordID: '0' },
    { layoutViewType: 'home', recordType: 'siteSection', recordID: '0' },
  ],
};

/** Query names a route reads that its schema declares only as an object (`params[...]`). */
const extraQueryNames: Record<string, string[]> = {
  '/api/v2/layouts/lookup-hydrate': ['params[page]', 'params[tagID]', 'params[sort]'],
};

function queryArbitrary(path: string, parameters: QueryParameter[]): fc.Arbitrary<string> {
  const names = parameters.map((parameter) => parameter.name);
  if (names.length === 0) return fc.constantFrom('', '?x=%00', '?page=99999999999&limit=-1');
  const entry = (name: string) =>
    fc.oneof(
      { weight: 3, arbitrary: fc.constant<string | null>(null) },
      {
        weight: 3,
        arbitrary: hostileJson.map((value) => `${encode(name)}=${encode(asText(value))}`),
      },
      {
        weight: 1,
        arbitrary: hostileString.map(
          (value) => `${encode(name)}[]=${encode(value)}&${encode(name)}[]=1`,
        ),
      },
      {
        weight: 1,
        arbitrary: hostileString.map((value) => `${encode(name)}[a][b]=${encode(value)}`),
      },
    );
  // One hostile parameter beside plausible required ones gets past validation of the others and
  // reaches the database.
  const required: Record<string, string> = {};
  for (const parameter of parameters) {
    if (parameter.required === true) required[parameter.name] = asText(plausible(parameter.schema));
  }
  const bases = plausibleQueries[path] ?? [required];
  const hostileNames = [...names, ...(extraQueryNames[path] ?? [])];
  const oneHostile = fc
    .tuple(fc.constantFrom(...bases), fc.constantFrom(...hostileNames), hostileJson)
    .map(([base, name, value]) => {
      const query: Record<string, string> = { ...base, [name]: asText(value) };
      return `?${Object.entries(query)
        .map(([key, text]) => `${encode(key)}=${encode(text)}`)
        .join('&')}`;
    });
  const many = fc.tuple(...names.map(entry)).map((parts) => {
    const present = parts.filter((part): part is string => part !== null);
    return present.length === 0 ? '' : `?${present.join('&')}`;
  });
  return fc.oneof(many, oneHostile);
}

/** A JSON body: the schema's fields with some made hostile, or a body of the wrong kind. */
function bodyArbitrary(
  schema: JsonSchema | undefined,
): fc.Arbitrary<{ payload: string; contentType: string }> {
  const properties = Object.entries(schema?.properties ?? {});
  const objectBody = fc
    .tuple(
      ...properties.map(([, property]) => fc.oneof(fc.constant(plausible(property)), hostileJson)),
      fc.boolean(),
    )
    .map(([...values]) => {
      const dropSome = values.pop() as boolean;
      const body: Record<string, unknown> = {};
      properties.forEach(([key], index) => {
        if (!dropSome || index % 2 === 0) body[key] = values[index];
      });
      return body;
    });
  // A plausible body with one hostile field gets past validation of the others.
  const oneHostileBody =
    properties.length === 0
      ? objectBody
      : fc.tuple(fc.nat({ max: properties.length - 1 }), hostileJson).map(([index, value]) => {
          const body: Record<string, unknown> = {};
          properties.forEach(([key, property], position) => {
            body[key] = position === index ? value : plausible(property);
          });
          return body;
        });
  const json = (value: unknown) => ({
    payload: JSON.stringify(value),
    contentType: 'application/json',
  });
  return fc.oneof(
    { weight: 3, arbitrary: objectBody.map(json) },
    { weight: 3, arbitrary: oneHostileBody.map(json) },
    { weight: 1, arbitrary: hostileJson.map(json) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        { payload: '', contentType: 'application/json' },
        { payload: '{"name": "x', contentType: 'application/json' },
        { payload: '{"a":1}{"b":2}', contentType: 'application/json' },
        {
          payload: '{"__proto__": {"admin": true}, "constructor": {"prototype": {}}}',
          contentType: 'application/json',
        },
        { payload: 'name=x&body=y', contentType: 'application/x-www-form-urlencoded' },
        { payload: 'just text', contentType: 'text/plain' },
        {
          payload: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n',
          contentType: 'multipart/form-data; boundary=x',
        },
        { payload: '{}', contentType: 'application/json; charset=latin1' },
        { payload: `${'['.repeat(5000)}${']'.repeat(5000)}`, contentType: 'application/json' },
      ),
    },
  );
}

/** Multipart bodies for uploads: a good one, a hostile file name, truncated, no boundary, garbage. */
function multipartArbitrary(): fc.Arbitrary<{ payload: string | Buffer; contentType: string }> {
  const part = (name: string, fileName: string, content: string) =>
    `--b0undary\r\nContent-Disposition: form-data; name="${name}"; filename="${fileName}"\r\nContent-Type: image/png\r\n\r\n${content}\r\n`;
  return fc.oneof(
    fc
      .tuple(hostileString, fc.constantFrom('file', 'other', '\u0000'))
      .map(([fileName, field]) => ({
        payload: `${part(field, fileName.replace(/["\r\n]/g, ''), 'hello')}--b0undary--\r\n`,
        contentType: 'multipart/form-data; boundary=b0undary',
      })),
    fc.constantFrom(
      {
        payload: part('file', 'a.txt', 'hello'),
        contentType: 'multipart/form-data; boundary=b0undary',
      },
      {
        payload: '--b0undary\r\nContent-Disposition: form-da',
        contentType: 'multipart/form-data; boundary=b0undary',
      },
      { payload: 'garbage', contentType: 'multipart/form-data; boundary=b0undary' },
      { payload: part('file', 'a.txt', 'hello'), contentType: 'multipart/form-data' },
      { payload: '', contentType: 'multipart/form-data; boundary=b0undary' },
      { payload: '--b0undary--\r\n', contentType: 'multipart/form-data; boundary=b0undary' },
      {
        payload: part('file', 'a.txt', 'hello'),
        contentType: 'multipart/mixed; boundary=b0undary',
      },
      {
        payload: Buffer.from([0xff, 0xfe, 0x00, 0x2d, 0x2d]),
        contentType: 'multipart/form-data; boundary=b0undary',
      },
    ),
  );
}

/** Sometimes one hostile credential or client header (ASCII: Node refuses others before routing). */
const hostileHeader = fc.option(
  fc.record({
    name: fc.constantFrom(
      'authorization',
      'cookie',
      'x-transient-key',
      'x-forwarded-for',
      'accept-language',
      'referer',
      'origin',
      'if-none-match',
    ),
    value: fc.constantFrom(
      `Bearer ${'a'.repeat(5000)}`,
      'Bearer va.%00',
      'Basic Og==',
      'hearth=a.b.c',
      `hearth=${'x'.repeat(4000)}`,
      'hearth=..; hearth=1.99999999999.x',
      '999.999.999.999',
      '::ffff:1.2.3.4, <script>',
      'zz-ZZ;q=NaN, *;q=-1',
      'javascript:alert(1)',
      '',
    ),
  }),
  { freq: 3 },
);

/** Checks one answer: never 5xx; an error is the contract's body with its own status. */
function checkAnswer(request: HostileRequest, response: LightMyRequestResponse): string | null {
  const where = `${request.method} ${request.url.slice(0, 300)}`;
  if (response.statusCode >= 500)
    return `${where} answered ${response.statusCode}: ${response.body.slice(0, 300)}`;
  if (response.statusCode < 400 || request.method === 'HEAD') return null;
  let body: unknown;
  try {
    body = response.json();
  } catch {
    return `${where} answered ${response.statusCode} without a JSON body: ${response.body.slice(0, 200)}`;
  }
  const error = body as {
    message?: unknown;
    status?: unknown;
    errors?: unknown;
    progress?: unknown;
  };
  // Contract §1.11: a bulk action answers its progress with the highest item error status.
  if (typeof error.progress === 'object' && error.progress !== null) {
    const failures =
      (error.progress as { exceptionsByID?: Record<string, { message?: unknown; code?: unknown }> })
        .exceptionsByID ?? {};
    const malformed = Object.values(failures).find(
      (item) => typeof item.message !== 'string' || typeof item.code !== 'number',
    );
    return malformed ? `${where}: malformed progress exception ${JSON.stringify(malformed)}` : null;
  }
  if (typeof error.message !== 'string' || error.message === '')
    return `${where}: no message in ${response.body.slice(0, 200)}`;
  if (error.status !== response.statusCode)
    return `${where}: status ${String(error.status)} in a ${response.statusCode} body`;
  if (error.errors !== undefined) {
    if (!Array.isArray(error.errors)) return `${where}: errors is not an array`;
    for (const item of error.errors as Record<string, unknown>[]) {
      if (
        typeof item.field !== 'string' ||
        typeof item.code !== 'string' ||
        typeof item.message !== 'string' ||
        typeof item.status !== 'number'
      )
        return `${where}: malformed errors item ${JSON.stringify(item)}`;
    }
  }
  return null;
}

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

describe(`hostile input: regressions of issue 11 (${testDialect})`, () => {
  let t: TestApp;
  let admin: TestActor;
  before(async () => {
    t = await createTestApp();
    admin = await asAdmin(t);
  });
  after(async () => {
    await t.close();
  });

  test("a path ID past the integer range answers the record's 404 (item 1)", async () => {
    const cases: [string, string][] = [
      ['/api/v2/discussions/99999999999', 'Discussion not found.'],
      ['/api/v2/discussions/2147483648/edit', 'Discussion not found.'],
      ['/api/v2/comments/9223372036854775808', 'Comment not found.'],
      ['/api/v2/categories/99999999999', 'Category not found.'],
      ['/api/v2/users/99999999999', 'User not found.'],
      ['/api/v2/users/1e20/permissions', 'User not found.'],
      ['/api/v2/tags/2147483648', 'Tag not found.'],
      ['/api/v2/roles/2147483648', 'Role not found.'],
      ['/api/v2/media/2147483648', 'Media not found.'],
      ['/api/v2/discussions/2147483648/reactions', 'Discussion not found.'],
      ['/api/v2/comments/2147483648/reactions', 'Comment not found.'],
    ];
    for (const [url, message] of cases) {
      const response = await inject(t, admin, { method: 'GET', url });
      assert.equal(response.statusCode, 404, `${url}: ${response.body}`);
      assert.deepEqual(response.json(), { message, status: 404 }, url);
    }
    const lookups: [string, string][] = [
      ['layoutViewType=post&recordType=discussion&recordID=99999999999', 'Discussion not found.'],
      ['layoutViewType=post&recordType=comment&recordID=2147483648', 'Comment not found.'],
      [
        'layoutViewType=categoryList&recordType=category&recordID=99999999999',
        'Category not found.',
      ],
    ];
    for (const [query, message] of lookups) {
      const response = await inject(t, admin, {
        method: 'GET',
        url: `/api/v2/layouts/lookup-hydrate?${query}`,
      });
      assert.equal(response.statusCode, 404, `${query}: ${response.body}`);
      assert.equal((response.json() as ErrorBody).message, message, query);
    }
    // The largest ID a column holds is still looked up as usual.
    const largest = await inject(t, admin, {
      method: 'GET',
      url: '/api/v2/discussions/2147483647',
    });
    assert.equal(largest.statusCode, 404);
    assert.equal((largest.json() as ErrorBody).message, 'Discussion not found.');
  });

  test("a query or body integer past its column's range answers 422 on its field (item 1)", async () => {
    const queries: [string, string][] = [
      ['/api/v2/discussions?categoryID=99999999999', 'categoryID.0'],
      ['/api/v2/discussions?insertUserID=2147483648', 'insertUserID.0'],
      ['/api/v2/discussions?discussionID=%3E99999999999', 'discussionID'],
      ['/api/v2/discussions?discussionID=1..2147483648', 'discussionID'],
      ['/api/v2/categories?categoryID=1,99999999999', 'categoryID'],
      ['/api/v2/users?userID=[1,99999999999]', 'userID'],
      ['/api/v2/comments?discussionID=2147483648', 'discussionID'],
      ['/api/v2/tags?page=99999999999', 'page'],
    ];
    for (const [url, field] of queries) {
      const response = await inject(t, admin, { method: 'GET', url });
      assert.equal(response.statusCode, 422, `${url}: ${response.body}`);
      const body = response.json() as ErrorBody;
      assert.equal(body.status, 422);
      assert.deepEqual(
        body.errors?.map((item) => item.field),
        [field],
        url,
      );
    }
    for (const categoryID of [1e20, 2_147_483_648, -1, 1.5, '1']) {
      const response = await inject(t, admin, {
        method: 'POST',
        url: '/api/v2/discussions',
        payload: { name: 'Out of range', body: 'Body', format: 'text', categoryID },
      });
      assert.equal(response.statusCode, 422, `${String(categoryID)}: ${response.body}`);
      const body = response.json() as ErrorBody;
      assert.deepEqual(
        body.errors?.map((item) => [item.field, item.status]),
        [['categoryID', 422]],
        String(categoryID),
      );
    }
    const tooBig = await inject(t, admin, {
      method: 'POST',
      url: '/api/v2/discussions',
      payload: { name: 'Out of range', body: 'Body', format: 'text', categoryID: 1e20 },
    });
    assert.equal(
      (tooBig.json() as ErrorBody).errors?.[0]?.message,
      'categoryID should not be greater than 2147483647.',
    );
  });

  test('a NUL character in a body, query or path value answers 400 naming the field (item 2)', async () => {
    const requests: [Parameters<typeof inject>[2], string][] = [
      [
        {
          method: 'POST',
          url: '/api/v2/discussions',
          payload: { name: 'a\u0000b', body: 'Body', format: 'text', categoryID: 1 },
        },
        'name',
      ],
      [{ method: 'POST', url: '/api/v2/tags', payload: { name: 'tag\u0000' } }, 'name'],
      [
        { method: 'PATCH', url: '/api/v2/config', payload: { 'site.title': 'x\u0000' } },
        'site.title',
      ],
      [{ method: 'GET', url: '/api/v2/users?name=a%00' }, 'name'],
      [{ method: 'GET', url: '/api/v2/categories/search?query=%00' }, 'query'],
      [{ method: 'GET', url: '/api/v2/reactions/like%00' }, 'urlCode'],
      [{ method: 'GET', url: '/api/v2/users/%24name%3Aadmin%00' }, 'id'],
    ];
    for (const [request, field] of requests) {
      const response = await inject(t, admin, request);
      assert.equal(response.statusCode, 400, `${request.url}: ${response.body}`);
      assert.deepEqual(
        response.json(),
        {
          message: 'Validation Failed',
          status: 400,
          errors: [
            {
              field,
              code: 'invalid',
              message: `${field} must not contain a NUL character.`,
              status: 400,
            },
          ],
        },
        request.url,
      );
    }
  });

  /** Sends raw bytes to a listening copy of the app and reads the whole answer. */
  async function rawRequest(
    text: string,
  ): Promise<{ status: number; headers: string; body: string }> {
    const address = t.app.server.address() as net.AddressInfo;
    const socket = net.connect(address.port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    await new Promise<void>((resolve, reject) => {
      socket.on('close', () => resolve());
      socket.on('error', reject);
      socket.write(text);
    });
    const answer = Buffer.concat(chunks).toString('utf8');
    const [head = '', body = ''] = answer.split('\r\n\r\n');
    return { status: Number(head.split(' ')[1]), headers: head, body };
  }

  test("headers past Node's limit answer 431 and a malformed request 400, both in the contract shape (item 4)", async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const huge = await rawRequest(
      `GET /api/v2/health HTTP/1.1\r\nHost: hearth.test\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    assert.equal(huge.status, 431, huge.headers);
    assert.match(huge.headers, /content-type: application\/json/i);
    assert.deepEqual(JSON.parse(huge.body), {
      message: 'The request headers are too large.',
      status: 431,
    });

    const malformed = await rawRequest('GET /api/v2/health HTTP/1.1\r\nHost hearth.test\r\n\r\n');
    assert.equal(malformed.status, 400, malformed.headers);
    assert.deepEqual(JSON.parse(malformed.body), {
      message: 'The request is malformed.',
      status: 400,
    });
  });
});
