import { speechRoutes as routes } from '@rounds/contracts/speech';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerRoute } from '../../plugins/api-route';
import { requireAuth } from '../../plugins/auth';

/**
 * GET /api/v1/speech-to-text (beyond the spec, which does not say how its client knew): whether dictation can
 * be offered here. The user's own speechToText permission is in their user reply.
 */
export const speechRoutes: FastifyPluginAsyncZod = async (app) => {
  registerRoute(app, routes.status, { tags: ['speech'], onRequest: requireAuth(app) }, async () => ({
    data: { available: app.speech.available, maxSeconds: app.speech.maxSeconds },
  }));
};
