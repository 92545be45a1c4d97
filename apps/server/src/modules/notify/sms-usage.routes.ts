import { smsRoutes } from '@rounds/contracts/sms';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerRoute } from '../../plugins/api-route';
import { requireAuth } from '../../plugins/auth';

/** The SMS spend for an Admin: what was sent, what the caps refused, and who causes it. */
export const smsUsageRoutes: FastifyPluginAsyncZod = async (app) => {
  registerRoute(app, smsRoutes.usage, { tags: ['admin'], onRequest: requireAuth(app, ['Admin']) }, async () => ({
    data: await app.smsBudget.usage(),
  }));
};
