import { createReadStream, existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
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
import { LOGOS_PATH } from '@rounds/contracts/limits';
import {
  CALLING_CODES,
  ZAppSettingsReply,
  ZCallingCodesReply,
  ZSelfRegistrationReply,
} from '@rounds/contracts/settings';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors';
import { requestLanguage } from '../../lib/request-language';
import { authOf, requireAuth } from '../../plugins/auth';
import * as account from '../accounts/account.service';
import { readAvatarForm } from '../accounts/avatar-upload';
import { readSettings, toAppSettings } from './settings.service';

/*
 * Every /api/v1/setting/* route is in this file, so an address leads to it in one hop: the public ones
 * (calling codes, self-registration, app settings) with the logos path, and the signed-in user's own account
 * and preferences, whose work is in modules/accounts.
 */

const ASSET_LOGOS = fileURLToPath(new URL('../../../assets/logos', import.meta.url));
const LOGO_FILE = /^[a-z0-9][a-z0-9._-]{0,80}\.(svg|png|gif|jpe?g)$/i;
const LOGO_TYPES: Record<string, string> = {
  svg: 'image/svg+xml',
  png: 'image/png',
  gif: 'image/gif',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
};

/** The three public settings calls (no credentials) and the static logos path. */
const publicSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/setting/calling-codes',
    { schema: { tags: ['settings'], response: { 200: ZCallingCodesReply } } },
    async () => ({ data: { data: CALLING_CODES.map((c) => ({ ...c })) } }),
  );

  app.get(
    '/api/v1/setting/self-registration',
    { schema: { tags: ['settings'], response: { 200: ZSelfRegistrationReply } } },
    async () => {
      const s = await readSettings(app.db);
      return { isSelfRegistrationEnabled: s.isSelfRegistrationEnabled ? 'true' : 'false' } as const;
    },
  );

  app.get(
    '/api/v1/setting/app-settings',
    { schema: { tags: ['settings'], response: { 200: ZAppSettingsReply } } },
    async () => ({ appSettings: toAppSettings(await readSettings(app.db)) }),
  );

  // Uploaded logos live in DATA_DIR/logos and win over the shipped defaults of the same name.
  app.get(
    `${LOGOS_PATH}/:file`,
    { schema: { hide: true, params: z.object({ file: z.string() }) } },
    async (req, reply) => {
      const { file } = req.params;
      if (!LOGO_FILE.test(file)) throw notFound();
      const uploaded = join(app.config.DATA_DIR, 'logos', file);
      const path = existsSync(uploaded) ? uploaded : join(ASSET_LOGOS, file);
      if (!existsSync(path)) throw notFound();
      const ext = file.split('.').pop()!.toLowerCase();
      return (
        reply
          .header('content-type', LOGO_TYPES[ext] ?? 'application/octet-stream')
          .header('cache-control', 'public, max-age=300')
          // An SVG opened directly must not run script: sandbox it.
          .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
          .send(createReadStream(path))
      );
    },
  );
};

const AVATAR_FILE = /^[0-9a-f]{32}\.(png|gif|jpg)$/;
const AVATAR_TYPES: Record<string, string> = { png: 'image/png', gif: 'image/gif', jpg: 'image/jpeg' };

/** The signed-in user's own account and preferences (Settings screen): /setting/me and the rest under /setting. */
const accountSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
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
      const { bytes, type } = await readAvatarForm(req);
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

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(publicSettingsRoutes);
  await app.register(accountSettingsRoutes);
};
