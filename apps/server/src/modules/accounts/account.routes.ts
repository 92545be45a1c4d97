import { createReadStream, existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  ZChangePasswordRequest,
  ZMeReply,
  ZPhoneEmailUpdateReply,
  ZPhoneEmailUpdateRequest,
  ZSettingsListReply,
  ZUpdateAccountRequest,
  ZUpdateSettingsRequest,
  ZUserReply,
  ZVerifyUpdatedRequest,
} from '@rounds/contracts/account';
import { ZMessageReply } from '@rounds/contracts/auth';
import { LIMITS } from '@rounds/contracts/limits';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { sniffImageType } from '../../lib/image-type';
import { requestLanguage } from '../../lib/request-language';
import { authOf, requireAuth } from '../../plugins/auth';
import { readSettings } from '../settings/settings.service';
import * as account from './account.service';

const AVATAR_FILE = /^[0-9a-f]{32}\.(png|gif|jpg)$/;
const AVATAR_TYPES: Record<string, string> = { png: 'image/png', gif: 'image/gif', jpg: 'image/jpeg' };

/** The signed-in user's own account and preferences (Settings screen). */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = requireAuth(app);
  const ctx = (req: FastifyRequest) => ({ ip: req.ip, lang: requestLanguage(req), sessionId: authOf(req).sessionId });

  app.get(
    '/api/v1/setting/me',
    { schema: { tags: ['account'], response: { 200: ZMeReply } }, onRequest: auth },
    async (req) => ({
      data: await account.me(app, authOf(req).userId),
    }),
  );

  app.get(
    '/api/v1/setting',
    { schema: { tags: ['account'], response: { 200: ZSettingsListReply } }, onRequest: auth },
    async () => {
      const s = await readSettings(app.db);
      return {
        data: [
          { key: 'sessionTimeout', value: s.sessionTimeout },
          { key: 'isSelfRegistrationEnabled', value: s.isSelfRegistrationEnabled },
        ],
      };
    },
  );

  app.post(
    '/api/v1/setting',
    { schema: { tags: ['account'], body: ZUpdateSettingsRequest, response: { 200: ZUserReply } }, onRequest: auth },
    async (req) => ({ user: await account.updatePreferences(app, authOf(req).userId, req.body, ctx(req)) }),
  );

  app.post(
    '/api/v1/setting/password',
    {
      schema: { tags: ['account'], body: ZChangePasswordRequest, response: { 200: ZMessageReply } },
      onRequest: auth,
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    async (req) => account.changePassword(app, authOf(req).userId, req.body, ctx(req)),
  );

  app.post(
    '/api/v1/setting/account',
    { schema: { tags: ['account'], body: ZUpdateAccountRequest, response: { 200: ZUserReply } }, onRequest: auth },
    async (req) => ({ user: await account.updateAccount(app, authOf(req).userId, req.body, ctx(req)) }),
  );

  app.post(
    '/api/v1/setting/phone-email-update',
    {
      schema: { tags: ['account'], body: ZPhoneEmailUpdateRequest, response: { 200: ZPhoneEmailUpdateReply } },
      onRequest: auth,
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    async (req) => account.requestContactChange(app, authOf(req).userId, req.body, ctx(req)),
  );

  app.post(
    '/api/v1/setting/cancel-phone-email-update',
    { schema: { tags: ['account'], response: { 200: ZUserReply } }, onRequest: auth },
    async (req) => ({ user: await account.cancelContactChange(app, authOf(req).userId, ctx(req)) }),
  );

  app.post(
    '/api/v1/setting/verify-updated-phone',
    {
      schema: { tags: ['account'], body: ZVerifyUpdatedRequest, response: { 200: ZUserReply } },
      onRequest: auth,
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    },
    async (req) => ({ user: await account.verifyContactChange(app, authOf(req).userId, req.body, ctx(req)) }),
  );

  app.post(
    '/api/v1/setting/upload-avatar',
    {
      schema: { tags: ['account'], response: { 200: ZUserReply }, consumes: ['multipart/form-data'] },
      onRequest: auth,
    },
    async (req) => {
      const lang = requestLanguage(req);
      const tooLarge = new AppError(
        413,
        'FILE_TOO_LARGE',
        lang === 'fr' ? "L'image doit faire au plus 2 Mo" : 'The picture must be at most 2MB',
      );
      if (!req.isMultipart()) throw badRequest('file: Required', 'VALIDATION_ERROR');
      const file = await req.file({ limits: { fileSize: LIMITS.avatarMaxBytes, files: 1 } });
      if (!file) throw badRequest('file: Required', 'VALIDATION_ERROR');
      let bytes: Buffer;
      try {
        bytes = await file.toBuffer();
      } catch {
        throw tooLarge;
      }
      const type = sniffImageType(bytes.subarray(0, 16));
      if (!type) {
        throw new AppError(
          415,
          'UNSUPPORTED_FILE',
          lang === 'fr' ? 'Formats acceptés : png, gif, jpeg' : 'Allowed formats: png, gif, jpeg',
        );
      }
      return { user: await account.setAvatar(app, authOf(req).userId, bytes, type, ctx(req)) };
    },
  );

  app.delete(
    '/api/v1/setting/delete-avatar',
    { schema: { tags: ['account'], response: { 200: ZUserReply } }, onRequest: auth },
    async (req) => ({ user: await account.deleteAvatar(app, authOf(req).userId, ctx(req)) }),
  );

  // Avatars have random 128-bit names; <img> cannot send a bearer token, so the name is the secret.
  app.get(
    '/api/v1/avatars/:file',
    { schema: { hide: true, params: z.object({ file: z.string() }) } },
    async (req, reply) => {
      if (!AVATAR_FILE.test(req.params.file)) throw notFound();
      const path = join(app.config.DATA_DIR, 'avatars', req.params.file);
      if (!existsSync(path)) throw notFound();
      return reply
        .header('content-type', AVATAR_TYPES[req.params.file.split('.').pop()!]!)
        .header('cache-control', 'private, max-age=86400, immutable')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(createReadStream(path));
    },
  );
};
