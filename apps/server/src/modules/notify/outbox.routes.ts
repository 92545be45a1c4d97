import { outboxRoutes as routes } from '@rounds/contracts/outbox';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/errors';
import { registerRoute } from '../../plugins/api-route';
import { authOf, requireAuth } from '../../plugins/auth';
import { writeAudit } from '../audit/audit.service';
import { outboxFor } from './outbox.store';

/**
 * What email and SMS would have carried, for an Admin, while no real transport is configured. It holds live
 * codes (a reset code signs in as its owner), so every read is written to the user log: who read which address.
 */
export const outboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const options = { tags: ['admin'], onRequest: requireAuth(app, ['Admin']) };
  registerRoute(app, routes.read, options, async (req) => {
    if (!app.notifier.outboxOnly) throw notFound();
    const to = req.query.to.toLowerCase();
    await app.db
      .transaction()
      .execute((trx) =>
        writeAudit(trx, { userId: authOf(req).userId, event: 'outbox read', ip: req.ip, details: { to } }),
      );
    const rows = await outboxFor(app.db, to);
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
  });
};
