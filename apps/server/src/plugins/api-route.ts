import type { TApiRoute, TBodyOut, TQueryOut } from '@rounds/contracts/api-route';
import { API_PREFIX } from '@rounds/contracts/limits';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { z } from 'zod';

type TRouteOptions = {
  tags: string[];
  onRequest?: onRequestHookHandler | onRequestHookHandler[];
  /** Route config, e.g. `{ rateLimit: {...} }`. */
  config?: Record<string, unknown>;
  /** Multipart and other large bodies. */
  bodyLimit?: number;
};

export type TRouteRequest<R extends TApiRoute> = FastifyRequest<{ Querystring: TQueryOut<R>; Body: TBodyOut<R> }>;

/** A file route's handler sends the bytes itself (reply.send(stream)) and returns the reply. */
type THandlerResult<R extends TApiRoute> = R['file'] extends true ? FastifyReply : z.input<R['reply']>;

/**
 * Registers one route of the contracts (packages/contracts/src/api-route.ts): its method and path, its query
 * or body validated, its reply serialized with the contract's schema. Handlers return the reply's input; a file
 * route has no reply schema (its bytes are not JSON).
 */
export function registerRoute<R extends TApiRoute>(
  app: FastifyInstance,
  route: R,
  options: TRouteOptions,
  handler: (req: TRouteRequest<R>, reply: FastifyReply) => Promise<THandlerResult<R>>,
): void {
  app.route({
    method: route.method,
    url: `${API_PREFIX}${route.path}`,
    schema: {
      tags: options.tags,
      ...(route.query ? { querystring: route.query } : {}),
      ...(route.body ? { body: route.body } : {}),
      // A multipart route reads its form in the handler; the document still says what it consumes.
      ...(route.multipart ? { consumes: ['multipart/form-data'] } : {}),
      ...(route.file ? {} : { response: { 200: route.reply } }),
    },
    ...(options.onRequest ? { onRequest: options.onRequest } : {}),
    ...(options.config ? { config: options.config } : {}),
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    handler: handler as (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  });
}
