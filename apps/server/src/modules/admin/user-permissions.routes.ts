import { userPermissionRoutes as routes } from '@rounds/contracts/user-permissions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLanguage } from '../../lib/request-language';
import { text } from '../../lib/texts';
import { registerRoute } from '../../plugins/api-route';
import { authOf, requireAuth } from '../../plugins/auth';

/** POST /user/permission and /user/permission/all (doc 2 sections 6-7): Admin and FacilityAdmin. */
export const userPermissionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const options = { tags: ['admin'], onRequest: requireAuth(app, ['Admin', 'FacilityAdmin']) };

  registerRoute(app, routes.set, options, async (req) => ({
    message: text('permissionsUpdated', requestLanguage(req)),
    data: await app.admin.setUserPermission(authOf(req), { ...req.body, ip: req.ip }),
  }));

  registerRoute(app, routes.setAll, options, async (req) => {
    const users = await app.admin.setPermissionForAll(authOf(req), { ...req.body, ip: req.ip });
    return {
      message: text('permissionsUpdated', requestLanguage(req)),
      data: { permission: req.body.permission, value: req.body.value, users },
    };
  });
};
