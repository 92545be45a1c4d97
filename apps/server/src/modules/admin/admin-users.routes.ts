import { ZAdminUserListQuery, ZAdminUserListReply } from '@rounds/contracts/admin-users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, requireAuth } from '../../plugins/auth';
import { listUsers } from './admin-users.service';

/** The Users section of administration (doc 2 sections 2 and 7): Admin and FacilityAdmin, within their scope. */
export const adminUsersRoutes: FastifyPluginAsyncZod = async (app) => {
  const onRequest = requireAuth(app, ['Admin', 'FacilityAdmin']);
  const tags = ['admin'];

  app.get(
    '/api/v1/user',
    { schema: { tags, querystring: ZAdminUserListQuery, response: { 200: ZAdminUserListReply } }, onRequest },
    async (req) => listUsers(app, authOf(req), req.query),
  );
};
