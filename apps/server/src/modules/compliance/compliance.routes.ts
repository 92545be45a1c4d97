import { breakGlassRoutes, complianceExportRoutes, complianceRoutes as routes } from '@rounds/contracts/compliance';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerRoute } from '../../plugins/api-route';
import { authOf, requireAuth } from '../../plugins/auth';

/** Retention, legal hold, break-glass access and export for counsel (issue 27): Admins only; the services hold the rules. */
export const complianceRoutesPlugin: FastifyPluginAsyncZod = async (app) => {
  const options = { tags: ['compliance'], onRequest: requireAuth(app, ['Admin']) };
  const { retention, holds, breakGlass, exports } = app.compliance;

  registerRoute(app, routes.retention, options, async () => ({ data: await retention.get() }));
  registerRoute(app, routes.setRetention, options, async (req) => ({
    data: await retention.set(authOf(req).userId, req.body, req.ip),
  }));
  registerRoute(app, routes.holds, options, async () => ({ data: await holds.list() }));
  registerRoute(app, routes.holdTargets, options, async (req) => ({
    data: await holds.targets(req.query.type, req.query.q),
  }));
  registerRoute(app, routes.placeHold, options, async (req) => ({
    data: await holds.place(authOf(req).userId, req.body, req.ip),
  }));
  registerRoute(app, routes.releaseHold, options, async (req) => ({
    data: await holds.release(authOf(req).userId, req.params.id, req.ip),
  }));

  const me = (req: Parameters<typeof authOf>[0]) => authOf(req).userId;
  registerRoute(app, breakGlassRoutes.rooms, options, async (req) => ({
    data: await breakGlass.rooms(me(req), req.query.q, req.query.page, req.query.pageSize),
  }));
  registerRoute(app, breakGlassRoutes.open, options, async (req) => ({
    data: await breakGlass.open(me(req), req.params.roomId, req.body.reason, req.ip),
  }));
  registerRoute(app, breakGlassRoutes.grant, options, async (req) => ({
    data: await breakGlass.grant(me(req), req.params.roomId),
  }));
  registerRoute(app, breakGlassRoutes.end, options, async (req) => ({
    data: await breakGlass.end(me(req), req.params.roomId, req.ip),
  }));
  registerRoute(app, breakGlassRoutes.messages, options, async (req) => ({
    data: await breakGlass.messages(me(req), req.params.roomId, req.query),
  }));
  registerRoute(app, breakGlassRoutes.members, options, async (req) => ({
    data: await breakGlass.members(me(req), req.params.roomId),
  }));
  // Served as chat serves its files (uploads.routes): nothing in them can run.
  registerRoute(app, breakGlassRoutes.file, options, async (req, reply) => {
    const file = await breakGlass.file(me(req), req.params.roomId, req.query.key, req.query.thumb !== undefined);
    reply
      .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'private, no-store')
      .header(
        'Content-Disposition',
        `${file.type === 'image/svg+xml' ? 'attachment' : 'inline'}; filename*=UTF-8''${encodeURIComponent(file.name)}`,
      )
      .type(file.type);
    if (file.size !== null) reply.header('Content-Length', file.size);
    return reply.send(file.stream);
  });
  registerRoute(app, complianceExportRoutes.createExport, options, async (req) => ({
    data: await exports.create(authOf(req).userId, req.body, req.ip),
  }));
  // The browser navigates here (no bearer header on a navigation): the single-use link is the credential, and
  // claiming it checks that its Admin still is one (docs/decisions.md "Export for counsel").
  registerRoute(app, complianceExportRoutes.downloadExport, { tags: ['compliance'] }, async (req, reply) => {
    const { filename, stream } = await exports.open(req.query.token);
    return reply
      .type('application/zip')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('cache-control', 'no-store')
      .header('x-content-type-options', 'nosniff')
      .send(stream);
  });
};
