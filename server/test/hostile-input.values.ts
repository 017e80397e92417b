import fc from 'fast-check';

// The hostile values the generated requests of hostile-input.api.test.ts are made of, and the
// OpenAPI shapes they are read from.

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  const?: unknown;
  required?: string[];
}

export interface QueryParameter {
  in: string;
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}

export interface OpenApiOperation {
  parameters?: QueryParameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

export interface RouteUnderTest {
  method: string;
  path: string;
  pathParams: string[];
  queryParams: QueryParameter[];
  bodyType: string | null;
  bodySchema: JsonSchema | undefined;
}

export interface HostileRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

/** Numbers past every column's range, and the odd ones (floats, negatives, zero). */
export const hostileNumbers = [
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
export const hostileStrings = [
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

export const hostileString = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...hostileStrings) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
);

export const hostileNumber = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...hostileNumbers) },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  { weight: 1, arbitrary: fc.integer({ min: -(2 ** 40), max: 2 ** 40 }) },
);

/** A JSON value of the wrong kind or out of range. */
export const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
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
export function plausible(schema: JsonSchema | undefined): unknown {
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

export const LONE_SURROGATE =
  /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Percent-encodes any string; a lone surrogate becomes its (invalid) UTF-8 bytes as a client could send. */
export function encode(value: string): string {
  return value
    .split(LONE_SURROGATE)
    .map((part) => encodeURIComponent(part))
    .join('%ED%A0%80');
}

export function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return JSON.stringify(value) ?? '';
}
