import { scimTokenRoutes as routes } from '@rounds/contracts/scim';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerRoute } from '../../plugins/api-route';
import { authOf, requireAuth } from '../../plugins/auth';
import { createScimToken, listScimTokens, revokeScimToken, rotateScimToken } from './scim-tokens.service';

/** /admin/scim-tokens (Admin only): the directory's bearer tokens, created, rotated and revoked. */
export const scimTokenRoutesPlugin: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db };
  const options = { tags: ['admin'], onRequest: requireAuth(app, ['Admin']) };
  const actor = (req: Parameters<typeof authOf>[0]) => ({ userId: authOf(req).userId, ip: req.ip });
  registerRoute(app, routes.list, options, async () => ({ data: { tokens: await listScimTokens(deps) } }));
  registerRoute(app, routes.create, options, async (req) => ({
    data: await createScimToken(deps, actor(req), req.body.label),
  }));
  registerRoute(app, routes.rotate, options, async (req) => ({
    data: await rotateScimToken(deps, actor(req), req.params.id),
  }));
  registerRoute(app, routes.revoke, options, async (req) => {
    await revokeScimToken(deps, actor(req), req.params.id);
    return { data: { id: req.params.id } };
  });
};
