import cluster, { type Worker } from 'node:cluster';
import type { Config } from './config';

/** A worker that dies sooner than this after it started is restarted only after a pause (crash loop). */
const QUICK_DEATH_MS = 5_000;
const FORCE_EXIT_MS = 20_000;

const log = (line: string) => console.log(JSON.stringify({ level: 30, time: Date.now(), msg: line }));

/**
 * WORKERS=N: this process only supervises. The first worker starts alone (it migrates the database and writes
 * the first Admin and defaults), the others then join; all serve the same port (node:cluster hands out the
 * connections). A worker that dies is started again; SIGTERM or SIGINT is passed to every worker, which stops
 * gracefully (main.ts), and the primary exits once they all have.
 */
export async function runPrimary(config: Config): Promise<void> {
  // The secrets loadConfig read or created under DATA_DIR go to every worker as they are, so none races
  // another to create them.
  const env = { JWT_SECRET: config.JWT_SECRET, MESSAGE_KEY: config.MESSAGE_KEY, SEARCH_KEY: config.SEARCH_KEY };
  let stopping = false;
  const startedAt = new Map<number, number>();

  const fork = (): Promise<Worker> =>
    new Promise((resolve, reject) => {
      const worker = cluster.fork(env);
      startedAt.set(worker.id, Date.now());
      const onExit = (code: number | null) => reject(new Error(`worker exited with ${code} while starting`));
      worker.once('exit', onExit);
      worker.once('listening', () => {
        worker.off('exit', onExit);
        resolve(worker);
      });
    });

  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    const lived = Date.now() - (startedAt.get(worker.id) ?? 0);
    startedAt.delete(worker.id);
    log(`worker ${worker.process.pid} exited (${signal ?? code}); starting another`);
    const again = () => void fork().catch((err: Error) => log(err.message));
    if (lived < QUICK_DEATH_MS) setTimeout(again, 1_000);
    else again();
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log(`${signal} received, stopping ${Object.keys(cluster.workers ?? {}).length} workers`);
    setTimeout(() => process.exit(1), FORCE_EXIT_MS).unref();
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w);
    let failed = false;
    void Promise.all(
      workers.map(
        (w) =>
          new Promise<void>((resolve) => {
            if (w.isDead()) return resolve();
            w.once('exit', (code) => {
              if (code !== 0) failed = true;
              resolve();
            });
            w.process.kill('SIGTERM');
          }),
      ),
    ).then(() => process.exit(failed ? 1 : 0));
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  try {
    await fork();
    await Promise.all(Array.from({ length: config.WORKERS - 1 }, fork));
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    stopping = true;
    for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGTERM');
    process.exit(1);
  }
  log(`Rounds is serving ${config.PUBLIC_URL} with ${config.WORKERS} workers`);
}
