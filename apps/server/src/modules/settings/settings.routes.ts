import { createReadStream, existsSync } from 'node:fs';
import { join } from 'node:path';
import { accountRoutes as routes } from '@rounds/contracts/account';
import { LIMITS, LOGOS_PATH } from '@rounds/contracts/limits';
import {
  adminSettingRoutes,
  CALLING_CODES,
  currentLogoPath,
  LOGO_KINDS,
  publicSettingRoutes,
  type TLogoKind,
  ZLogoKind,
} from '@rounds/contracts/settings';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ASSET_LOGOS_DIR } from '../../install-paths';
import { AppError, forbidden, invalidField, notFound } from '../../lib/errors';
import { sniffSvg } from '../../lib/file-type';
import { sniffImageType } from '../../lib/image-type';
import { requestLanguage } from '../../lib/request-language';
import { text } from '../../lib/texts';
import { registerRoute } from '../../plugins/api-route';
import { authOf, requireAuth } from '../../plugins/auth';
import {
  type SettingsActor,
  updateAboutTexts,
  updateBanner,
  updatePasswordPolicy,
  writeAppSetting,
} from './admin-settings.service';
import { saveLogo, type TLogoType, UPLOADED_LOGO } from './logos.service';
import { installPasswordPolicySocket } from './password-policy';
import { logoPath, readSettings, registrationOpen, toAppSettings } from './settings.service';
import { svgProblem } from './svg-check';

/*
 * The /api/v1/setting/* routes of the settings: the public ones (calling codes, self-registration, app
 * settings) with the logos path, GET /setting and POST /setting (one's preferences, or an Admin's app
 * setting), and the administration settings (logos, texts, banner, password policy, app settings), whose work
 * is in admin-settings.service.ts and logos.service.ts. The own account's routes are modules/accounts/
 * account.routes.ts (docs/routes-and-events.md names the file of each route).
 */

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
  registerRoute(app, publicSettingRoutes.callingCodes, { tags: ['settings'] }, async () => ({
    data: { data: CALLING_CODES.map((c) => ({ ...c })) },
  }));

  registerRoute(app, publicSettingRoutes.selfRegistration, { tags: ['settings'] }, async () => {
    const s = await readSettings(app.db);
    return { isSelfRegistrationEnabled: registrationOpen(s, !!app.config.OIDC_ISSUER) ? 'true' : 'false' } as const;
  });

  registerRoute(app, adminSettingRoutes.appSettings, { tags: ['settings'] }, async () => ({
    appSettings: toAppSettings(await readSettings(app.db)),
  }));

  // The logo a kind has now, for the signed-in frame the build prerenders for / (currentLogoPath): a redirect, so
  // the browser keeps the file under its own address and the app's copy of the page, drawn with that address
  // from the app settings a moment later, finds it loaded. Never cached: an Admin may change the logo.
  app.get(
    currentLogoPath(':kind' as TLogoKind),
    { schema: { hide: true, params: z.object({ kind: ZLogoKind }) } },
    async (req, reply) => {
      const { logos } = await readSettings(app.db);
      return reply.header('cache-control', 'no-cache').redirect(logoPath(logos[req.params.kind]), 302);
    },
  );

  // Uploaded logos are in the file store under names of their own (logos.service.ts), never changed, so they
  // are cached for good; the shipped defaults (assets/logos) may change with a release.
  app.get(
    `${LOGOS_PATH}/:file`,
    { schema: { hide: true, params: z.object({ file: z.string() }) } },
    async (req, reply) => {
      const { file } = req.params;
      if (!LOGO_FILE.test(file)) throw notFound();
      const uploaded = UPLOADED_LOGO.test(file);
      let body: NodeJS.ReadableStream;
      if (uploaded) {
        const stream = await app.files.get(file);
        if (!stream) throw notFound();
        body = stream;
      } else {
        const path = join(ASSET_LOGOS_DIR, file);
        if (!existsSync(path)) throw notFound();
        body = createReadStream(path);
      }
      const ext = file.split('.').pop()!.toLowerCase();
      return (
        reply
          .header('content-type', LOGO_TYPES[ext] ?? 'application/octet-stream')
          .header('cache-control', uploaded ? 'public, max-age=31536000, immutable' : 'public, max-age=300')
          // An SVG opened directly must not run script: sandbox it.
          .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
          .send(body)
      );
    },
  );
};

/** The signed-in user's reads and writes under /setting that are not their account's (modules/accounts). */
const signedInSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const options = { tags: ['account'], onRequest: requireAuth(app) };
  const ctx = (req: FastifyRequest) => ({ ip: req.ip, lang: requestLanguage(req), sessionId: authOf(req).sessionId });

  registerRoute(app, routes.settings, options, async () => {
    const s = await readSettings(app.db);
    return {
      data: [
        { key: 'sessionTimeout', value: s.sessionTimeout },
        { key: 'isSelfRegistrationEnabled', value: s.isSelfRegistrationEnabled },
      ],
    };
  });

  // POST /setting: one's own preferences, or with a key an app setting (doc 2 section 7), which only an Admin writes.
  registerRoute(app, adminSettingRoutes.write, options, async (req) => {
    const body = req.body;
    if ('key' in body) {
      const actor = authOf(req);
      if (actor.role !== 'Admin') throw forbidden();
      return {
        message: text('settingUpdated', requestLanguage(req)),
        appSettings: await writeAppSetting(
          { db: app.db, publish: app.publish },
          { userId: actor.userId, ip: req.ip },
          body,
        ),
      };
    }
    return { user: await app.accounts.updatePreferences(authOf(req).userId, body, ctx(req)) };
  });
};

/** Logo files: png, gif or jpeg by their bytes, or an SVG with nothing active in it (svg-check.ts). */
function logoType(bytes: Buffer): TLogoType {
  const raster = sniffImageType(bytes.subarray(0, 16));
  if (raster) return raster;
  if (!sniffSvg(bytes)) throw new AppError(415, 'UNSUPPORTED_FILE', 'logoFormats');
  if (svgProblem(bytes)) {
    throw new AppError(415, 'UNSAFE_SVG', 'unsafeSvg');
  }
  return 'image/svg+xml';
}

/** The multipart form of POST /setting/logos: `key` (a logo kind) and `file`, in either order. */
async function readLogoForm(req: FastifyRequest): Promise<{ kind: TLogoKind; bytes: Buffer }> {
  if (!req.isMultipart()) throw invalidField('file', 'Required');
  const tooLarge = () => new AppError(413, 'FILE_TOO_LARGE', 'maxUpload10Mb');
  let key: unknown;
  let bytes: Buffer | undefined;
  // The spec refuses a logo of 10,485,760 bytes or more.
  for await (const part of req.parts({ limits: { fileSize: LIMITS.logoMaxBytes - 1, files: 1 } })) {
    if (part.type === 'field') {
      if (part.fieldname === 'key') key = part.value;
    } else if (part.fieldname === 'file') {
      try {
        bytes = await part.toBuffer();
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
        throw err;
      }
    } else {
      part.file.resume();
    }
  }
  if (key === undefined) throw invalidField('key', 'Required');
  if (!LOGO_KINDS.includes(key as TLogoKind)) {
    throw invalidField('key', 'mustBeOneOf', { values: LOGO_KINDS.join(', ') });
  }
  if (!bytes || bytes.length === 0) throw invalidField('file', 'Required');
  return { kind: key as TLogoKind, bytes };
}

/**
 * The administration settings (doc 2 sections 2, 5, 6 and 7). Logos and texts are Admin only; the banner is
 * Admin and FacilityAdmin; the password policy binds the whole hospital, so Admin only (docs/decisions.md).
 */
const adminSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const adminOnly = { tags: ['admin'], onRequest: requireAuth(app, ['Admin']) };
  const actorOf = (req: FastifyRequest): SettingsActor => ({ userId: authOf(req).userId, ip: req.ip });
  const deps = { db: app.db, publish: app.publish, engine: app.engine, files: app.files };

  registerRoute(
    app,
    adminSettingRoutes.logos,
    { ...adminOnly, bodyLimit: LIMITS.logoMaxBytes + 64 * 1024 },
    async (req) => {
      const { kind, bytes } = await readLogoForm(req);
      const { url } = await saveLogo(deps, actorOf(req), { kind, bytes, type: logoType(bytes) });
      return { message: text('logoUpdated', requestLanguage(req)), data: { logo: url } };
    },
  );

  registerRoute(app, adminSettingRoutes.aboutTexts, adminOnly, async (req) => ({
    message: text('textsUpdated', requestLanguage(req)),
    appSettings: await updateAboutTexts(deps, actorOf(req), req.body),
  }));

  registerRoute(
    app,
    adminSettingRoutes.banner,
    { tags: ['admin'], onRequest: requireAuth(app, ['Admin', 'FacilityAdmin']) },
    async (req) => ({
      message: text('bannerUpdated', requestLanguage(req)),
      appSettings: await updateBanner(deps, actorOf(req), req.body),
    }),
  );

  registerRoute(app, adminSettingRoutes.passwordPolicy, adminOnly, async (req) => ({
    message: text('passwordPolicyUpdated', requestLanguage(req)),
    appSettings: await updatePasswordPolicy(deps, actorOf(req), req.body.passwordUpdate),
  }));
};

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(publicSettingsRoutes);
  await app.register(signedInSettingsRoutes);
  await app.register(adminSettingsRoutes);
  installPasswordPolicySocket({ db: app.db, io: app.io, publish: app.publish, log: app.log });
};
