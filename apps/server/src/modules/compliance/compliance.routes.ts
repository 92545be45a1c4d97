import { complianceExportRoutes, complianceRoutes as routes } from '@rounds/contracts/compliance';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerRoute } from '../../plugins/api-route';
import { authOf, requireAuth } from '../../plugins/auth';

/** Retention, legal hold and export for counsel (issue 27): Admins only; the services hold the rules. */
export const complianceRoutesPlugin: FastifyPluginAsyncZod = async (app) => {
  const options = { tags: ['compliance'], onRequest: requireAuth(app, ['Admin']) };
  const { retention, holds, exports } = app.compliance;

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
