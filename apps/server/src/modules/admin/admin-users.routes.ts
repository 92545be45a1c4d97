import {
  ZAdminMessageReply,
  ZAdminUserListQuery,
  ZAdminUserListReply,
  ZAdminUserReply,
  ZDeleteUserQuery,
  ZUpdateRoleRequest,
  ZUserStatusRequest,
} from '@rounds/contracts/admin-users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLanguage } from '../../lib/request-language';
import { localize } from '../../lib/texts';
import { authOf, requireAuth } from '../../plugins/auth';
import { deleteUser, listUsers, setUserActive, updateRole } from './admin-users.service';

/** The Users section of administration (doc 2 sections 2 and 7): Admin and FacilityAdmin, within their scope. */
export const adminUsersRoutes: FastifyPluginAsyncZod = async (app) => {
  const onRequest = requireAuth(app, ['Admin', 'FacilityAdmin']);
  const tags = ['admin'];

  app.get(
    '/api/v1/user',
    { schema: { tags, querystring: ZAdminUserListQuery, response: { 200: ZAdminUserListReply } }, onRequest },
    async (req) => listUsers(app, authOf(req), req.query),
  );

  for (const [path, active] of [
    ['/api/v1/user/activate', true],
    ['/api/v1/user/deactivate', false],
  ] as const) {
    app.post(
      path,
      { schema: { tags, body: ZUserStatusRequest, response: { 200: ZAdminUserReply } }, onRequest },
      async (req) => ({
        message: localize('User status changed successfully', requestLanguage(req)),
        data: await setUserActive(app, authOf(req), { userId: req.body.userId, active, ip: req.ip }),
      }),
    );
  }

  app.post(
    '/api/v1/user/update-role',
    { schema: { tags, body: ZUpdateRoleRequest, response: { 200: ZAdminUserReply } }, onRequest },
    async (req) => ({
      message: localize('Role changed successfully', requestLanguage(req)),
      data: await updateRole(app, authOf(req), { ...req.body, ip: req.ip }),
    }),
  );

  app.delete(
    '/api/v1/user/delete-user',
    { schema: { tags, querystring: ZDeleteUserQuery, response: { 200: ZAdminMessageReply } }, onRequest },
    async (req) => {
      await deleteUser(app, authOf(req), { id: req.query.id, ip: req.ip });
      return { message: localize('User removed successfully', requestLanguage(req)) };
    },
  );
};
