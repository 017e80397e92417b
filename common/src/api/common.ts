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

/** A positive integer record ID in a path or query. */
export const idSchema = z.coerce.number().int().positive();

/** `page` (≥ 1, default 1) (contract §1.9). */
export const pageParam = z.coerce.number().int().min(1).default(1);

/** `limit` with an endpoint's default and maximum (contract §1.9). */
export function limitParam(defaultLimit: number, max: number) {
  return z.coerce.number().int().min(1).max(max).default(defaultLimit);
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
