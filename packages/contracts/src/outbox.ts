import { z } from 'zod';
import { apiRoute } from './api-route';

/** GET /outbox: what email and SMS would have carried while no real transport is configured (Admin only). */
export const ZOutboxReply = z.object({
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

export const outboxRoutes = {
  read: apiRoute({
    method: 'GET',
    path: '/outbox',
    query: z.object({ to: z.string().trim().min(1).max(254) }),
    reply: ZOutboxReply,
    // 404 while a real transport is configured: there is no outbox to read then.
    errors: { 404: 'NOT_FOUND' },
  }),
} as const;
