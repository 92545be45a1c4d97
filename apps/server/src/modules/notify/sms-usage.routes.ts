import { ZSmsUsageReply } from '@rounds/contracts/sms';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth';

/** The SMS spend for an Admin: what was sent, what the caps refused, and who causes it. */
export const smsUsageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/sms/usage',
    {
      schema: { tags: ['admin'], response: { 200: ZSmsUsageReply } },
      onRequest: requireAuth(app, ['Admin']),
    },
    async () => ({ data: await app.smsBudget.usage() }),
  );
};
