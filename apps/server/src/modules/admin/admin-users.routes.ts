import { adminUserRoutes as routes, ZUserIdQuery } from '@rounds/contracts/admin-users';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { invalidField } from '../../lib/errors';
import { readFileForm } from '../../lib/multipart-form';
import { requestLanguage } from '../../lib/request-language';
import { text } from '../../lib/texts';
import { registerRoute } from '../../plugins/api-route';
import { authOf, requireAuth } from '../../plugins/auth';
import { readAvatarForm } from '../accounts/avatar-upload';
import { CSV_MAX_BYTES, csvTooLarge } from './admin-user-import';

/** The Users section of administration (doc 2 sections 2 and 7): Admin and FacilityAdmin, within their scope. */
export const adminUsersRoutes: FastifyPluginAsyncZod = async (app) => {
  const options = { tags: ['admin'], onRequest: requireAuth(app, ['Admin', 'FacilityAdmin']) };

  registerRoute(app, routes.list, options, async (req) => app.admin.listUsers(authOf(req), req.query));

  for (const [route, active] of [
    [routes.activate, true],
    [routes.deactivate, false],
  ] as const) {
    registerRoute(app, route, options, async (req) => ({
      message: text('userStatusChanged', requestLanguage(req)),
      data: await app.admin.setUserActive(authOf(req), { userId: req.body.userId, active, ip: req.ip }),
    }));
  }

  registerRoute(app, routes.updateRole, options, async (req) => ({
    message: text('roleChanged', requestLanguage(req)),
    data: await app.admin.updateRole(authOf(req), { ...req.body, ip: req.ip }),
  }));

  registerRoute(app, routes.remove, options, async (req) => {
    await app.admin.deleteUser(authOf(req), { id: req.query.id, ip: req.ip });
    return { message: text('userRemoved', requestLanguage(req)) };
  });

  const ctx = (req: FastifyRequest) => ({ ip: req.ip, lang: requestLanguage(req) });

  registerRoute(app, routes.get, options, async (req) => ({
    data: await app.admin.getUser(authOf(req), req.query.id),
  }));

  registerRoute(app, routes.create, options, async (req) => ({
    message: text('userCreated', requestLanguage(req)),
    data: await app.admin.createUser(authOf(req), req.body, ctx(req)),
  }));

  registerRoute(app, routes.update, options, async (req) => ({
    message: text('userUpdated', requestLanguage(req)),
    data: await app.admin.updateUser(authOf(req), req.body, ctx(req)),
  }));

  registerRoute(
    app,
    routes.resetPassword,
    { ...options, config: { rateLimit: { max: 30, timeWindow: '1 minute' } } },
    async (req) => {
      await app.admin.resetUserPassword(authOf(req), req.body, ctx(req));
      return { message: text('userPasswordUpdated', requestLanguage(req)) };
    },
  );

  // Multipart: the file and the user's id, in either order.
  registerRoute(app, routes.uploadAvatar, options, async (req) => {
    const { bytes, type, fields } = await readAvatarForm(req);
    const id = ZUserIdQuery.safeParse({ id: fields.id });
    if (!id.success) throw invalidField('id', 'invalidId');
    return {
      message: text('avatarUpdated', requestLanguage(req)),
      data: await app.admin.setUserAvatar(authOf(req), { id: id.data.id, bytes, type, ip: req.ip }),
    };
  });

  registerRoute(app, routes.deleteAvatar, options, async (req) => ({
    message: text('avatarRemoved', requestLanguage(req)),
    data: await app.admin.removeUserAvatar(authOf(req), { id: req.query.id, ip: req.ip }),
  }));

  registerRoute(app, routes.importCsv, options, async (req, res) => {
    const { file } = await readFileForm(req, { maxBytes: CSV_MAX_BYTES, tooLarge: csvTooLarge() });
    const { reply, release } = await app.admin.importUsersCsv(authOf(req), file, ctx(req));
    // After the reply has been written (or the client left): see importUsersCsv.
    let released = false;
    const after = () => {
      if (released) return;
      released = true;
      release().catch((err) => app.log.warn({ err }, 'bulk import: releasing the emails failed'));
    };
    res.raw.once('finish', after);
    res.raw.once('close', after);
    return reply;
  });
};
