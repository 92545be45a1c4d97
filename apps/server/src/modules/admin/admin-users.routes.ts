import { adminUserRoutes as routes } from '@rounds/contracts/admin-users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLanguage } from '../../lib/request-language';
import { localize } from '../../lib/texts';
import { registerRoute } from '../../plugins/api-route';
import { authOf, requireAuth } from '../../plugins/auth';
import { deleteUser, listUsers, setUserActive, updateRole } from './admin-users.service';

/** The Users section of administration (doc 2 sections 2 and 7): Admin and FacilityAdmin, within their scope. */
export const adminUsersRoutes: FastifyPluginAsyncZod = async (app) => {
  const options = { tags: ['admin'], onRequest: requireAuth(app, ['Admin', 'FacilityAdmin']) };

  registerRoute(app, routes.list, options, async (req) => listUsers(app, authOf(req), req.query));

  for (const [route, active] of [
    [routes.activate, true],
    [routes.deactivate, false],
  ] as const) {
    registerRoute(app, route, options, async (req) => ({
      message: localize('User status changed successfully', requestLanguage(req)),
      data: await setUserActive(app, authOf(req), { userId: req.body.userId, active, ip: req.ip }),
    }));
  }

  registerRoute(app, routes.updateRole, options, async (req) => ({
    message: localize('Role changed successfully', requestLanguage(req)),
    data: await updateRole(app, authOf(req), { ...req.body, ip: req.ip }),
  }));

  registerRoute(app, routes.remove, options, async (req) => {
    await deleteUser(app, authOf(req), { id: req.query.id, ip: req.ip });
    return { message: localize('User removed successfully', requestLanguage(req)) };
  });
};
