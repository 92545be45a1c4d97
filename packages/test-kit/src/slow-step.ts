/**
 * Awaits a step of a test's teardown and, when it is still waiting after `afterMs`, says which step it is and
 * what the process still holds (timers, sockets, child processes, and whatever `details` adds), then keeps
 * waiting. A teardown that hangs ends in vitest's bare "Hook timed out"; this line says where it hung.
 */
export async function reportIfSlow<T>(
  step: string,
  work: Promise<T>,
  details: () => Promise<unknown> = async () => undefined,
  afterMs = 15_000,
): Promise<T> {
  const timer = setTimeout(() => {
    void details()
      .catch((err: unknown) => `details failed: ${String(err)}`)
      .then((more) => {
        const held = process.getActiveResourcesInfo().reduce<Record<string, number>>((count, kind) => {
          count[kind] = (count[kind] ?? 0) + 1;
          return count;
        }, {});
        console.error(`${step}: still waiting after ${afterMs} ms`, JSON.stringify({ held, more }));
      });
  }, afterMs);
  timer.unref();
  try {
    return await work;
  } finally {
    clearTimeout(timer);
  }
}
