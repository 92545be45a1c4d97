import { pushRoutes } from '@rounds/contracts/push';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLanguage } from '../../lib/request-language';
import { registerRoute } from '../../plugins/api-route';
import { authOf, requireAuth } from '../../plugins/auth';

/**
 * /push (issue 24): the VAPID public key, this session's subscription, this account's devices, a test push,
 * and the Admin's choice of what a notification may say.
 */
export const pushRoutesPlugin: FastifyPluginAsyncZod = async (app) => {
  const signedIn = { tags: ['push'], onRequest: requireAuth(app) };
  const adminOnly = { tags: ['push', 'admin'], onRequest: requireAuth(app, ['Admin']) };
  const push = app.push;

  registerRoute(app, pushRoutes.vapidPublicKey, signedIn, async () => ({
    data: { publicKey: push.vapidPublicKey() },
  }));
  registerRoute(app, pushRoutes.subscribe, signedIn, async (req) => ({
    data: await push.subscribe(authOf(req), req.body, req.headers['user-agent'] ?? null),
  }));
  registerRoute(app, pushRoutes.unsubscribe, signedIn, async (req) => {
    await push.unsubscribe(authOf(req).userId, req.body.endpoint);
    return {};
  });
  registerRoute(app, pushRoutes.devices, signedIn, async (req) => {
    const { userId, sessionId } = authOf(req);
    return { data: { devices: await push.devices(userId, sessionId) } };
  });
  registerRoute(app, pushRoutes.removeDevice, signedIn, async (req) => {
    await push.removeDevice(authOf(req).userId, req.params.id);
    return {};
  });
  registerRoute(app, pushRoutes.test, signedIn, async (req) => {
    const { userId, sessionId } = authOf(req);
    await push.sendTest(userId, sessionId, requestLanguage(req));
    return {};
  });
  registerRoute(app, pushRoutes.settings, adminOnly, async () => ({
    data: { contentLevel: await push.contentLevel() },
  }));
  registerRoute(app, pushRoutes.updateSettings, adminOnly, async (req) => {
    await push.setContentLevel(req.body.contentLevel);
    return { data: { contentLevel: req.body.contentLevel } };
  });
};
