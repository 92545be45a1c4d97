import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors';
import { authOf, requireAuth } from '../../plugins/auth';
import { writeAudit } from '../audit/audit.service';

const ZOutboxReply = z.object({
  data: z.object({
    messages: z.array(
      z.object({
        channel: z.enum(['email', 'sms']),
        to: z.string(),
        subject: z.string().nullable(),
        text: z.string(),
        createdAt: z.number(),
      }),
    ),
  }),
});

/**
 * What email and SMS would have carried, for an Admin, while no real transport is configured. It holds live
 * codes (a reset code signs in as its owner), so every read is written to the user log: who read which address.
 */
export const outboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/outbox',
    {
      schema: {
        tags: ['admin'],
        querystring: z.object({ to: z.string().trim().min(1).max(254) }),
        response: { 200: ZOutboxReply },
      },
      onRequest: requireAuth(app, ['Admin']),
    },
    async (req) => {
      if (!app.notifier.outboxOnly) throw notFound();
      const to = req.query.to.toLowerCase();
      await app.db
        .transaction()
        .execute((trx) =>
          writeAudit(trx, { userId: authOf(req).userId, event: 'outbox read', ip: req.ip, details: { to } }),
        );
      const rows = await app.db
        .selectFrom('outbox')
        .selectAll()
        .where('recipient', '=', to)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(100)
        .execute();
      return {
        data: {
          messages: rows.map((r) => ({
            channel: r.channel,
            to: r.recipient,
            subject: r.subject,
            text: r.text,
            createdAt: r.created_at,
          })),
        },
      };
    },
  );
};
