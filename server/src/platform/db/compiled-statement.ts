import { CompiledQuery, type Compilable, type Kysely } from 'kysely';
import { dialectOf } from './dialect.ts';
import type { Database } from './schema.ts';

/** Stands for one parameter value (or one element of a list) while a statement is built once. */
class Placeholder {
  readonly name: string;
  readonly index: number;
  constructor(name: string, index: number) {
    this.name = name;
    this.index = index;
  }
}

type Parameters_ = Record<string, unknown>;

/** Where each parameter of a compiled text comes from: a named value, a list element, or a constant. */
type Slot = { name: string; index: number } | { value: unknown };

interface Entry {
  sql: string;
  slots: Slot[];
}

/** Distinct shapes kept per statement (list lengths make shapes); beyond it, statements compile each time. */
const MAX_SHAPES = 256;

/**
 * A statement built and compiled by Kysely once per database dialect and list lengths, then run
 * with new values (issue 18). Kysely builds an operation tree and compiles it to SQL on every call,
 * which was ~10 % of an uncached read's server CPU; a hot statement whose text depends only on
 * which lists are how long is built here once with placeholders in place of the values, and each
 * call binds the values into the compiled text's parameter slots.
 *
 * `build` must use every parameter as a bound value only (`where(column, '=', value)`,
 * `in` lists, `limit`), never to decide the statement's shape: the shape may depend only on which
 * parameters are present, on list lengths and on `shape`, a string the caller passes (a sort
 * order, say), which together are the cache key.
 */
export function compiledStatement<P extends Parameters_, R>(
  build: (db: Kysely<Database>, parameters: P, shape: string) => Compilable<R>,
): (db: Kysely<Database>, parameters: P, shape?: string) => Promise<R[]> {
  const entries = new Map<string, Entry>();
  return async (db, parameters, shape = '') => {
    let key = `${dialectOf(db)}|${shape}`;
    for (const name in parameters) {
      const value = parameters[name];
      key += Array.isArray(value) ? `,${name}:${value.length}` : `,${name}`;
    }
    let entry = entries.get(key);
    if (!entry) {
      const placeholders: Parameters_ = {};
      for (const name in parameters) {
        const value = parameters[name];
        placeholders[name] = Array.isArray(value)
          ? value.map((_element, index) => new Placeholder(name, index))
          : new Placeholder(name, -1);
      }
      const compiled = build(db, placeholders as P, shape).compile();
      entry = {
        sql: compiled.sql,
        slots: compiled.parameters.map((value) =>
          value instanceof Placeholder ? { name: value.name, index: value.index } : { value },
        ),
      };
      if (entries.size >= MAX_SHAPES) {
        return (await db.executeQuery(build(db, parameters, shape))).rows;
      }
      entries.set(key, entry);
    }
    const values = entry.slots.map((slot) => {
      if ('value' in slot) return slot.value;
      const value = parameters[slot.name];
      return slot.index < 0 ? value : (value as unknown[])[slot.index];
    });
    const result = await db.executeQuery(CompiledQuery.raw(entry.sql, values) as CompiledQuery<R>);
    return result.rows;
  };
}
