/**
 * Reads asked for in the same turn of the event loop go to the database as one: a burst of socket events (200 calls
 * answered at once, bench/calls) would otherwise compile and run the same small query once per event, one after
 * another on the one SQLite connection. Nothing is cached: every turn reads afresh, so a read sees what was
 * committed before it was asked for, as a query of its own would.
 */
/**
 * The list lengthened to the next power of two by repeating its last item: an `IN (…)` list of any length then
 * has one of a few statement texts, which the SQLite statement cache keeps (db/database.ts cachingStatements),
 * instead of a new text to prepare for almost every batch. Repeated items change nothing in an `IN` list.
 */
export function padded<T>(list: readonly T[]): T[] {
  if (list.length === 0) return [];
  let size = 1;
  while (size < list.length) size *= 2;
  return [...list, ...Array.from({ length: size - list.length }, () => list.at(-1)!)];
}

/** `load` gets each key once, padded (above): it must answer a key asked twice as once. */
export function createTickBatch<K, V>(
  load: (keys: K[]) => Promise<Map<K, V>>,
  /** Keys per query at most (a list of ids is one bound parameter each). */
  chunk = 500,
): (key: K) => Promise<V | undefined> {
  let pending: Map<K, { resolve: (v: V | undefined) => void; reject: (e: unknown) => void }[]> | null = null;

  const flush = () => {
    const batch = pending!;
    pending = null;
    const keys = [...batch.keys()];
    const parts: K[][] = [];
    for (let i = 0; i < keys.length; i += chunk) parts.push(keys.slice(i, i + chunk));
    Promise.all(parts.map(async (part) => load(padded(part)))).then(
      (found) => {
        for (const [key, waiters] of batch) {
          const value = found.find((f) => f.has(key))?.get(key);
          for (const w of waiters) w.resolve(value);
        }
      },
      (error: unknown) => {
        for (const waiters of batch.values()) for (const w of waiters) w.reject(error);
      },
    );
  };

  return (key) =>
    new Promise<V | undefined>((resolve, reject) => {
      if (!pending) {
        pending = new Map();
        // After this turn's I/O callbacks: every event read in this turn joins the same query.
        setImmediate(flush);
      }
      const waiters = pending.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else pending.set(key, [{ resolve, reject }]);
    });
}
