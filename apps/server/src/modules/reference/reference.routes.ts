import type { TRole } from '@rounds/contracts/common';
import { REFERENCE_KINDS, referenceRoutes as routesOf } from '@rounds/contracts/reference';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerRoute } from '../../plugins/api-route';
import { requireAuth } from '../../plugins/auth';
import * as ref from './reference.service';

/**
 * Reference data for the five kinds. Reading the full endpoint needs a session; the /list variant is public
 * (registration uses it). Writes are Admin only, facilities also FacilityAdmin. Deleting an item also takes it
 * off every user who carried it (reference.service deleteItem).
 */
export const referenceRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db };
  for (const kind of REFERENCE_KINDS) {
    const routes = routesOf(kind);
    const writers: readonly TRole[] = kind === 'facility' ? ['Admin', 'FacilityAdmin'] : ['Admin'];
    const tags = ['reference'];
    const write = { tags, onRequest: requireAuth(app, writers) };

    registerRoute(app, routes.publicList, { tags }, async (req) => ref.listItems(deps, kind, req.query));

    registerRoute(app, routes.list, { tags, onRequest: requireAuth(app) }, async (req) =>
      req.query.id ? { data: await ref.getItem(deps, kind, req.query.id) } : ref.listItems(deps, kind, req.query),
    );

    registerRoute(app, routes.create, write, async (req) => ({
      data: await ref.createItem(deps, kind, req.body.name),
    }));

    registerRoute(app, routes.update, write, async (req) => ({
      data: await ref.renameItem(deps, kind, req.body.id, req.body.name),
    }));

    registerRoute(app, routes.remove, write, async (req) => {
      await ref.deleteItem(deps, kind, req.body.id);
      return { message: 'OK' };
    });
  }
};
