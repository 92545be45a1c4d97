import { quickUnlockRoutes as routes } from '@rounds/contracts/quick-unlock';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLanguage } from '../../lib/request-language';
import { text } from '../../lib/texts';
import { registerRoute } from '../../plugins/api-route';
import { authOf, requireAuth } from '../../plugins/auth';
import { quickUnlockStatus, removeUnlockPin, setUnlockPin, unlock } from './quick-unlock.service';

/** Quick unlock on shared workstations (issue 26): the own PIN in Settings, and the locked screen's check. */
export const quickUnlockRoutes: FastifyPluginAsyncZod = async (app) => {
  const signedIn = { tags: ['auth'], onRequest: requireAuth(app) };

  registerRoute(app, routes.status, signedIn, async (req) => ({
    data: await quickUnlockStatus(app.db, authOf(req)),
  }));
  registerRoute(app, routes.setPin, signedIn, async (req) => ({
    message: text('pinSet', requestLanguage(req)),
    data: await setUnlockPin(app.db, authOf(req), req.body, req.ip),
  }));
  registerRoute(app, routes.removePin, signedIn, async (req) => ({
    message: text('pinRemoved', requestLanguage(req)),
    data: await removeUnlockPin(app.db, authOf(req), req.ip),
  }));
  registerRoute(app, routes.unlock, signedIn, async (req) => {
    await unlock({ db: app.db, io: app.io }, authOf(req), req.body, req.ip);
    return { message: text('unlocked', requestLanguage(req)) };
  });
};
