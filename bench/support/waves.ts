/**
 * Runs `work` for every item, `size` at a time: a crowd connects in waves, as it would after a restart, and
 * each connection's presence reaches those already connected instead of everything arriving in one burst.
 * `between` runs after each wave (waiting for the server to settle, for arrivals spread over time).
 */
export async function inWaves<T>(
  items: T[],
  work: (item: T, i: number) => Promise<void>,
  o: { size?: number; between?: () => Promise<void> } = {},
) {
  const size = o.size ?? 250;
  for (let start = 0; start < items.length; start += size) {
    await Promise.all(items.slice(start, start + size).map((item, j) => work(item, start + j)));
    await o.between?.();
  }
}
