import { createReadStream, existsSync } from 'node:fs';
import { join } from 'node:path';
import { accountRoutes as routes } from '@rounds/contracts/account';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/errors';
import { requestLanguage } from '../../lib/request-language';
import { registerRoute } from '../../plugins/api-route';
import { authOf, requireAuth } from '../../plugins/auth';
import { readAvatarForm } from './avatar-upload';

const AVATAR_FILE = /^[0-9a-f]{32}\.(png|gif|jpg)$/;
const AVATAR_TYPES: Record<string, string> = { png: 'image/png', gif: 'image/gif', jpg: 'image/jpeg' };

/** The signed-in user's own account (Settings screen): /setting/me, password, profile, contacts, avatar. */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const options = { tags: ['account'], onRequest: requireAuth(app) };
  const ctx = (req: FastifyRequest) => ({ ip: req.ip, lang: requestLanguage(req), sessionId: authOf(req).sessionId });

  registerRoute(app, routes.me, options, async (req) => ({ data: await app.accounts.me(authOf(req).userId) }));

  const limited = (max: number) => ({ ...options, config: { rateLimit: { max, timeWindow: '1 minute' } } });

  registerRoute(app, routes.changePassword, limited(10), async (req) =>
    app.accounts.changePassword(authOf(req).userId, req.body, ctx(req)),
  );

  registerRoute(app, routes.updateAccount, options, async (req) => ({
    user: await app.accounts.updateAccount(authOf(req).userId, req.body, ctx(req)),
  }));

  registerRoute(app, routes.requestContactChange, limited(10), async (req) =>
    app.accounts.requestContactChange(authOf(req).userId, req.body, ctx(req)),
  );

  registerRoute(app, routes.cancelContactChange, options, async (req) => ({
    user: await app.accounts.cancelContactChange(authOf(req).userId, ctx(req)),
  }));

  registerRoute(app, routes.verifyContactChange, limited(20), async (req) => ({
    user: await app.accounts.verifyContactChange(authOf(req).userId, req.body, ctx(req)),
  }));

  registerRoute(app, routes.uploadAvatar, options, async (req) => {
    const { bytes, type } = await readAvatarForm(req);
    return { user: await app.accounts.setAvatar(authOf(req).userId, bytes, type, ctx(req)) };
  });

  registerRoute(app, routes.deleteAvatar, options, async (req) => ({
    user: await app.accounts.deleteAvatar(authOf(req).userId, ctx(req)),
  }));

  // Avatars have random 128-bit names; <img> cannot send a bearer token, so the name is the secret.
  registerRoute(app, routes.avatarFile, { tags: ['account'], hide: true }, async (req, reply) => {
    if (!AVATAR_FILE.test(req.params.file)) throw notFound();
    const path = join(app.config.DATA_DIR, 'avatars', req.params.file);
    if (!existsSync(path)) throw notFound();
    return reply
      .header('content-type', AVATAR_TYPES[req.params.file.split('.').pop()!]!)
      .header('cache-control', 'private, max-age=86400, immutable')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .send(createReadStream(path));
  });
};
