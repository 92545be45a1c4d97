import cluster from 'node:cluster';
import { buildApp } from './app';
import { runPrimary } from './cluster-primary';
import { ConfigError, loadConfig } from './config';

/**
 * Connections the kernel holds for us until the event loop accepts them. Node's default, 511, is less than a
 * restart's reconnecting crowd sends in the new process's first second (bench/restart-storm: 2,000 clients,
 * about 2,000 attempts a second): past it the kernel drops their SYNs and each dropped client waits for TCP's
 * retransmission, 1 s and then 3 s later, far beyond its own back-off. Linux caps this at net.core.somaxconn
 * (4,096 by default).
 */
const LISTEN_BACKLOG = 4_096;

/** Listen, and shut down gracefully: stop accepting, finish in-flight requests, close the database. */
async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  if (config.WORKERS > 1 && cluster.isPrimary) return runPrimary(config);
  const worker = cluster.isWorker ? cluster.worker : undefined;

  // Whatever the server writes (database, WAL, files, logos) is its own: no group or world bits.
  process.umask(0o077);
  const app = await buildApp(config);
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, shutting down`);
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('unhandledRejection', (reason) => app.log.error({ err: reason }, 'unhandled rejection'));

  await app.listen({ port: config.PORT, host: config.HOST, backlog: LISTEN_BACKLOG });
  // Under WORKERS the primary says when all of them serve (cluster-primary.ts).
  if (worker) app.log.info(`Rounds worker ${worker.id} (pid ${process.pid}) is listening`);
  else app.log.info(`Rounds is serving ${config.PUBLIC_URL}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
