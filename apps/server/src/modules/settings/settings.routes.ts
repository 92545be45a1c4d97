import { createReadStream, existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOGOS_PATH } from '@rounds/contracts/limits';
import {
  CALLING_CODES,
  ZAppSettingsReply,
  ZCallingCodesReply,
  ZSelfRegistrationReply,
} from '@rounds/contracts/settings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors';
import { readSettings, toAppSettings } from './settings.service';

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
export const publicSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
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
