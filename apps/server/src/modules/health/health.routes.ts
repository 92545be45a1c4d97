import { ZHealthReply, ZReadyReply } from '@rounds/contracts/health';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';

/** Liveness (the process answers) and readiness (the database answers). */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/healthz', { schema: { hide: true, response: { 200: ZHealthReply } } }, async () => ({
    status: 'ok' as const,
  }));

  app.get(
    '/readyz',
    { schema: { hide: true, response: { 200: ZReadyReply, 503: ZReadyReply } } },
    async (_req, reply) => {
      try {
        await sql`select 1`.execute(app.db);
        return { status: 'ready' as const, database: true };
      } catch {
        return reply.status(503).send({ status: 'unavailable', database: false });
      }
    },
  );
};
