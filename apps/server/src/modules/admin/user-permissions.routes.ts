import {
  ZSetPermissionAllReply,
  ZSetPermissionAllRequest,
  ZSetPermissionReply,
  ZSetPermissionRequest,
} from '@rounds/contracts/user-permissions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLanguage } from '../../lib/request-language';
import { localize } from '../../lib/texts';
import { authOf, requireAuth } from '../../plugins/auth';
import { setPermissionForAll, setUserPermission } from './user-permissions.service';

const SAVED = 'Permissions updated successfully';

/** POST /user/permission and /user/permission/all (doc 2 sections 6-7): Admin and FacilityAdmin. */
export const userPermissionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const onRequest = requireAuth(app, ['Admin', 'FacilityAdmin']);
  const tags = ['admin'];

  app.post(
    '/api/v1/user/permission',
    { schema: { tags, body: ZSetPermissionRequest, response: { 200: ZSetPermissionReply } }, onRequest },
    async (req) => ({
      message: localize(SAVED, requestLanguage(req)),
      data: await setUserPermission(app, authOf(req), { ...req.body, ip: req.ip }),
    }),
  );

  app.post(
    '/api/v1/user/permission/all',
    { schema: { tags, body: ZSetPermissionAllRequest, response: { 200: ZSetPermissionAllReply } }, onRequest },
    async (req) => {
      const users = await setPermissionForAll(app, authOf(req), { ...req.body, ip: req.ip });
      return {
        message: localize(SAVED, requestLanguage(req)),
        data: { permission: req.body.permission, value: req.body.value, users },
      };
    },
  );
};
