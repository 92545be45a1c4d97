import { searchRoutes } from '@rounds/contracts/search';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerRoute } from '../../plugins/api-route';
import { authOf, requireAuth } from '../../plugins/auth';

/** Message search (issue 27): validate and authorize; search.service holds the rules. */
export const searchRoutesPlugin: FastifyPluginAsyncZod = async (app) => {
  const options = { tags: ['search'], onRequest: requireAuth(app) };

  registerRoute(app, searchRoutes.messages, options, async (req) =>
    app.messageSearch.search(authOf(req).userId, req.query),
  );

  registerRoute(app, searchRoutes.context, options, async (req) => ({
    data: await app.messageSearch.context(authOf(req).userId, req.query),
  }));
};
