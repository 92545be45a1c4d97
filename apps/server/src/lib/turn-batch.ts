/**
 * Loads the keys asked for during one turn of the event loop together, with one call of `load`: when a restart
 * brings thousands of sockets back, their handshakes arrive in bursts, and one query for a burst replaces one
 * query each (each of which would queue for the database connection on its own). A key asked for again while
 * its load is under way shares that load. A key `load` leaves out resolves to undefined; a failed load rejects
 * every key of its batch.
 */
export function batchPerTurn<K, V>(
  load: (keys: K[]) => Promise<ReadonlyMap<K, V>>,
): (key: K) => Promise<V | undefined> {
  let gathering: Map<K, Promise<V | undefined>> | null = null;
  let gathered: Promise<ReadonlyMap<K, V>> | null = null;
  const inflight = new Map<K, Promise<V | undefined>>();

  return (key) => {
    const shared = inflight.get(key) ?? gathering?.get(key);
    if (shared) return shared;
    if (!gathering || !gathered) {
      const batch = new Map<K, Promise<V | undefined>>();
      gathering = batch;
      gathered = new Promise<ReadonlyMap<K, V>>((resolve, reject) => {
        setImmediate(() => {
          gathering = null;
          gathered = null;
          for (const [k, p] of batch) inflight.set(k, p);
          load([...batch.keys()])
            .then(resolve, reject)
            .finally(() => {
              for (const k of batch.keys()) inflight.delete(k);
            });
        });
      });
    }
    const result = gathered.then((values) => values.get(key));
    gathering.set(key, result);
    return result;
  };
}
