import { authRoutes as routes } from '@rounds/contracts/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerRoute } from '../../plugins/api-route';
import { authOf, requireAuth } from '../../plugins/auth';
import { endDeviceSession, endOtherDeviceSessions, listDeviceSessions } from './device-sessions.service';

/** /auth/sessions (issue 26): the account's signed-in devices in Settings, each of which it may end. */
export const deviceSessionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const signedIn = { tags: ['auth'], onRequest: requireAuth(app) };
  const deps = { db: app.db, io: app.io };

  registerRoute(app, routes.sessions, signedIn, async (req) => ({
    data: { sessions: await listDeviceSessions(deps, authOf(req)) },
  }));
  registerRoute(app, routes.endSession, signedIn, async (req) => {
    await endDeviceSession(deps, authOf(req), req.params.id, req.ip);
    return {};
  });
  registerRoute(app, routes.endOtherSessions, signedIn, async (req) => ({
    data: { ended: await endOtherDeviceSessions(deps, authOf(req), req.ip) },
  }));
};
