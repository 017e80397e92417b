import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import {
  type JsonSchema,
  type QueryParameter,
  type HostileRequest,
  hostileString,
  hostileJson,
  plausible,
  encode,
  asText,
} from './hostile-input.values.ts';

// Generators of hostile requests (query strings, bodies, multipart bodies, headers) and the check
// of each answer, for hostile-input.api.test.ts.

/** A query string: each declared parameter left out, plausible, hostile, or in bracket/array form. */
/** Plausible queries of routes whose required parameters depend on one another. */
export const plausibleQueries: Record<string, Record<string, string>[]> = {
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
export const extraQueryNames: Record<string, string[]> = {
  '/api/v2/layouts/lookup-hydrate': ['params[page]', 'params[tagID]', 'params[sort]'],
};

export function queryArbitrary(path: string, parameters: QueryParameter[]): fc.Arbitrary<string> {
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
export function bodyArbitrary(
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
export function multipartArbitrary(): fc.Arbitrary<{
  payload: string | Buffer;
  contentType: string;
}> {
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
export const hostileHeader = fc.option(
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
export function checkAnswer(
  request: HostileRequest,
  response: LightMyRequestResponse,
): string | null {
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
