// One load per record per request (issue 18): a layout's widgets each present what they show, and
// several read the same category, the reaction types or the tree check. Reads that call
// `loadOnce` share one load within a request that enabled the loader; anywhere else (writes,
// jobs, a context built for a test) every call loads.

const loaders = new WeakMap<object, Map<string, Promise<unknown>>>();

/**
 * Lets the reads of this request share their loads. Only for reads (a layout's hydration, a page):
 * a write would read back its own change, which a shared load taken before it would not show.
 */
export function enableRequestLoader(ctx: object): void {
  if (!loaders.has(ctx)) loaders.set(ctx, new Map());
}

/** `load()` once per `key` within the request of `ctx` (when its loader is on), else every time. */
export function loadOnce<T>(ctx: object, key: string, load: () => Promise<T>): Promise<T> {
  const memo = loaders.get(ctx);
  if (!memo) return load();
  const known = memo.get(key) as Promise<T> | undefined;
  if (known) return known;
  const pending = load();
  memo.set(key, pending);
  // A failed load is not kept: the next caller tries again.
  pending.catch(() => memo.delete(key));
  return pending;
}

/**
 * Records by ID within the request: the IDs not yet loaded are loaded together by `loadMissing`
 * (one statement), the others come from memory.
 */
export async function loadManyOnce<T>(
  ctx: object,
  kind: string,
  ids: readonly number[],
  loadMissing: (ids: number[]) => Promise<Map<number, T>>,
): Promise<Map<number, T>> {
  const memo = loaders.get(ctx);
  if (!memo) return loadMissing([...new Set(ids)]);
  const missing = [...new Set(ids)].filter((id) => !memo.has(`${kind}:${String(id)}`));
  if (missing.length > 0) {
    const batch = loadMissing(missing);
    for (const id of missing) {
      const one = batch.then((rows) => rows.get(id));
      memo.set(`${kind}:${String(id)}`, one);
      one.catch(() => memo.delete(`${kind}:${String(id)}`));
    }
  }
  const result = new Map<number, T>();
  for (const id of new Set(ids)) {
    const row = (await memo.get(`${kind}:${String(id)}`)) as T | undefined;
    if (row !== undefined) result.set(id, row);
  }
  return result;
}
