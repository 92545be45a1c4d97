import { ZHealthReply, ZReadyReply } from '@rounds/contracts/health';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import { pingDatabase } from './health.store';

/** A check that takes longer than this counts as down: a load balancer must not wait on a hung engine. */
const CHECK_MS = 2_000;

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error('timed out')), ms).unref()),
  ]);
}

/**
 * Liveness (the process answers) and readiness (the database answers, the staff directory is built, and Redis
 * answers when REDIS_URL is set: without it this process would deliver only to its own sockets). Readiness has its own Redis connection, so a check
 * never queues behind the socket adapter's traffic.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const redis = app.config.REDIS_URL
    ? new Redis(app.config.REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1, enableOfflineQueue: false })
    : null;
  // Errors surface through ping(); without a listener ioredis would print each reconnect attempt.
  redis?.on('error', () => undefined);
  app.addHook('onClose', async () => {
    redis?.disconnect();
  });

  app.get('/healthz', { schema: { hide: true, response: { 200: ZHealthReply } } }, async () => ({
    status: 'ok' as const,
  }));

  app.get(
    '/readyz',
    { schema: { hide: true, response: { 200: ZReadyReply, 503: ZReadyReply } } },
    async (_req, reply) => {
      const [database, redisUp] = await Promise.all([
        within(pingDatabase(app.db), CHECK_MS).then(
          () => true,
          () => false,
        ),
        redis
          ? within(
              (async () => {
                if (redis.status === 'wait' || redis.status === 'end') await redis.connect();
                return (await redis.ping()) === 'PONG';
              })(),
              CHECK_MS,
            ).catch(() => false)
          : undefined,
      ]);
      // The staff directory is built at start (app.ts); until then the first Contacts would wait for it.
      const directory = app.directory.warmed();
      if (!directory && database) void app.directory.warm().catch(() => undefined);
      const ready = database && redisUp !== false && directory;
      return reply.status(ready ? 200 : 503).send({
        status: ready ? 'ready' : 'unavailable',
        database,
        directory,
        ...(redis ? { redis: redisUp } : {}),
      });
    },
  );
};
