import { ZSpeechStatusReply } from '@rounds/contracts/speech';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth';

/**
 * GET /api/v1/speech-to-text (beyond the spec, which does not say how its client knew): whether dictation can
 * be offered here. The user's own speechToText permission is in their user reply.
 */
export const speechRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/speech-to-text',
    { schema: { tags: ['speech'], response: { 200: ZSpeechStatusReply } }, onRequest: requireAuth(app) },
    async () => ({ data: { available: app.speech.available, maxSeconds: app.speech.maxSeconds } }),
  );
};
