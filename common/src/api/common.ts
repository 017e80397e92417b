import { z } from 'zod';

/** A query boolean: `true`/`false`/`1`/`0` (contract §1.6). */
export const queryBoolean = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((value) => value === true || value === 'true' || value === '1');

/** A query array given as CSV (`a,b`) or bracket form (`a[]=x`, `a[0]=x`) (contract §1.6). */
export function queryArray<T extends z.ZodType>(item: T) {
  return z.preprocess((value) => {
    if (value === undefined || value === null || value === '') return undefined;
    const list = Array.isArray(value)
      ? value
      : typeof value === 'object'
        ? Object.values(value as Record<string, unknown>)
        : String(value).split(',');
    return list.flatMap((entry) => (typeof entry === 'string' ? entry.split(',') : [entry])).map((entry) =>
      typeof entry === 'string' ? entry.trim() : entry,
    ).filter((entry) => entry !== '');
  }, z.array(item).optional());
}

/** `expand` values of an endpoint, CSV or bracket form; `true`/`1` mean `all` (contract §1.7). */
export function expandParam<const T extends readonly [string, ...string[]]>(_values: T) {
  return queryArray(z.string()).transform((list) => {
    const set = new Set<string>();
    for (const entry of list ?? []) set.add(entry === 'true' || entry === '1' ? 'all' : entry);
    return set as Set<T[number] | 'all' | `-${string}`>;
  });
}

/**
 * The one reader of a parsed `expand` set (contract §1.7): each `named` expansion is on when
 * listed or with `all`; each `defaults` expansion is on unless excluded with a leading minus
 * (`-body`). Every route and service reads its expansions through this.
 */
export function readExpand<const N extends string, const D extends string = never>(
  expand: ReadonlySet<string> | undefined,
  named: readonly N[],
  defaults: readonly D[] = [],
): Record<N | D, boolean> {
  const set = expand ?? new Set<string>();
  const all = set.has('all');
  const result = {} as Record<N | D, boolean>;
  for (const name of named) result[name] = all || set.has(name);
  for (const name of defaults) result[name] = !set.has(`-${name}`);
  return result;
}

/**
 * Bounds of a PostgreSQL `integer` column, the type of every ID, count and sort column: a number
 * past them must be refused before it reaches the database (PostgreSQL fails the statement).
 */
export const INT_MAX = 2_147_483_647;
export const INT_MIN = -2_147_483_648;

/** An integer in a JSON body, within its column's range (`integer` unless narrower bounds are given). */
export function intSchema(min: number = INT_MIN, max: number = INT_MAX) {
  // The range is checked first and alone: 1e20 is one "should not be greater than" error.
  return z.number().min(min, { abort: true }).max(max, { abort: true }).int();
}

/** An integer in a path or query string (text coerced to a number), within its column's range. */
export function queryInt(min: number = INT_MIN, max: number = INT_MAX) {
  return z.coerce.number().min(min, { abort: true }).max(max, { abort: true }).int();
}

/** A record ID in a JSON body: a positive `integer` (contract §1.3). */
export const bodyIDSchema = intSchema(1);

/** A positive integer record ID in a query (a path ID is `pathIDSchema`). */
export const idSchema = queryInt(1);

/**
 * The issue of an ID that no record can have (past the column's range): the validator answers it
 * as the route's 404 `"<Type> not found."` (contract §1.10) instead of a validation error.
 */
export function recordNotFoundIssue(type: string, input: unknown) {
  return { code: 'custom' as const, message: `${type} not found.`, params: { code: 'notFound', status: 404 }, input };
}

/**
 * A record ID in a path (`min` 0 where the guest's ID 0 is allowed). Past the column's range no
 * record can exist: 404 `"<Type> not found."`, like any other missing record.
 */
export function pathIDSchema(type: string, min = 1) {
  return z.coerce
    .number()
    .superRefine((value, context) => {
      if (value > INT_MAX) context.addIssue(recordNotFoundIssue(type, value));
    })
    .min(min, { abort: true })
    .int();
}

/** `page` (≥ 1, default 1) (contract §1.9). */
export const pageParam = queryInt(1).default(1);

/** `limit` with an endpoint's default and maximum (contract §1.9). */
export function limitParam(defaultLimit: number, max: number) {
  return queryInt(1, max).default(defaultLimit);
}

/** An output date: RFC 3339 UTC (contract §1.5). */
export const dateTime = z.string();

/** The contract's error body (§1.10). */
export const errorSchema = z.object({
  message: z.string(),
  status: z.number().int(),
  description: z.string().optional(),
  errors: z
    .array(z.object({ field: z.string(), code: z.string(), message: z.string(), status: z.number().int() }))
    .optional(),
}).loose();
