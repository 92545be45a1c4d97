import type { TRole } from '@rounds/contracts/common';
import {
  REFERENCE_KINDS,
  ZCreateReferenceRequest,
  ZDeleteReferenceRequest,
  ZReferenceItemReply,
  ZReferenceListQuery,
  ZReferenceListReply,
  ZUpdateReferenceRequest,
} from '@rounds/contracts/reference';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../plugins/auth';
import * as ref from './reference.service';

/**
 * Reference data for the five kinds. Reading the full endpoint needs a session; the /list variant is public
 * (registration uses it). Writes are Admin only, facilities also FacilityAdmin.
 */
export const referenceRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const kind of REFERENCE_KINDS) {
    const base = `/api/v1/${kind}`;
    const writers: readonly TRole[] = kind === 'facility' ? ['Admin', 'FacilityAdmin'] : ['Admin'];
    const tags = ['reference'];

    app.get(
      `${base}/list`,
      { schema: { tags, querystring: ZReferenceListQuery, response: { 200: ZReferenceListReply } } },
      async (req) => ref.listItems(app, kind, req.query),
    );

    app.get(
      base,
      {
        schema: {
          tags,
          querystring: ZReferenceListQuery,
          response: { 200: z.union([ZReferenceListReply, ZReferenceItemReply]) },
        },
        onRequest: requireAuth(app),
      },
      async (req) =>
        req.query.id ? { data: await ref.getItem(app, kind, req.query.id) } : ref.listItems(app, kind, req.query),
    );

    app.post(
      base,
      {
        schema: { tags, body: ZCreateReferenceRequest, response: { 200: ZReferenceItemReply } },
        onRequest: requireAuth(app, writers),
      },
      async (req) => ({ data: await ref.createItem(app, kind, req.body.name) }),
    );

    app.put(
      base,
      {
        schema: { tags, body: ZUpdateReferenceRequest, response: { 200: ZReferenceItemReply } },
        onRequest: requireAuth(app, writers),
      },
      async (req) => ({ data: await ref.renameItem(app, kind, req.body.id, req.body.name) }),
    );

    app.delete(
      base,
      {
        schema: { tags, body: ZDeleteReferenceRequest, response: { 200: z.object({ message: z.string() }) } },
        onRequest: requireAuth(app, writers),
      },
      async (req) => {
        await ref.deleteItem(app, kind, req.body.id);
        return { message: 'OK' };
      },
    );
  }
};
