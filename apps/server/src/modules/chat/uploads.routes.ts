import { chatFileRoutes as routes } from '@rounds/contracts/chat-files';
import { LIMITS } from '@rounds/contracts/limits';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { invalidField } from '../../lib/errors';
import { registerRoute } from '../../plugins/api-route';
import { authOf, requireAuth } from '../../plugins/auth';

const notMultipart = () => invalidField('files', 'Required');

/** Chat images and voice notes (spec doc 1 section 7): upload, withdraw, fetch. */
export const uploadsRoutes: FastifyPluginAsyncZod = async (app) => {
  const options = { tags: ['chat files'], onRequest: requireAuth(app) };
  const uploads = app.chat.uploads;

  registerRoute(app, routes.uploadImages, options, async (req) => {
    if (!req.isMultipart()) throw notMultipart();
    const parts = req.files({ limits: { fileSize: LIMITS.chatFileMaxBytes, files: LIMITS.chatFilesMax } });
    return { data: { files: await uploads.uploadImages(authOf(req).userId, parts) } };
  });

  registerRoute(app, routes.removeUpload, options, async (req) => {
    await uploads.remove(authOf(req).userId, req.query.key);
    return { data: { key: req.query.key } };
  });

  registerRoute(app, routes.uploadAudio, options, async (req) => {
    if (!req.isMultipart()) throw notMultipart();
    const file = await req.file({ limits: { fileSize: LIMITS.chatFileMaxBytes, files: 1 } });
    return { data: { voice: await uploads.uploadVoice(authOf(req).userId, file) } };
  });

  // Files are served so that nothing in them can run: the type decided at upload, nosniff, a sandboxing CSP,
  // and SVG only as a download (an <img> of it never runs script; opening it directly would).
  registerRoute(app, routes.file, options, async (req, reply) => {
    const file = await uploads.open(authOf(req).userId, req.query.key, req.query.thumb !== undefined);
    const filename = encodeURIComponent(file.name);
    reply
      .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'private, max-age=86400')
      .header(
        'Content-Disposition',
        `${file.type === 'image/svg+xml' ? 'attachment' : 'inline'}; filename*=UTF-8''${filename}`,
      )
      .type(file.type);
    if (file.size !== null) reply.header('Content-Length', file.size);
    return reply.send(file.stream);
  });
};
