import type { TApiRoute, TBodyOut, TParamsOut, TQueryOut } from '@rounds/contracts/api-route';
import { API_PREFIX } from '@rounds/contracts/limits';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler, RouteOptions } from 'fastify';
import type { z } from 'zod';

type TRouteOptions = {
  tags: string[];
  onRequest?: onRequestHookHandler | onRequestHookHandler[];
  /** Route config, e.g. `{ rateLimit: {...} }`. */
  config?: Record<string, unknown>;
  /** Multipart and other large bodies. */
  bodyLimit?: number;
  /** Kept out of the OpenAPI document (a file address an <img> loads, not an API call). */
  hide?: true;
};

export type TRouteRequest<R extends TApiRoute> = FastifyRequest<{
  Params: TParamsOut<R>;
  Querystring: TQueryOut<R>;
  Body: TBodyOut<R>;
}>;

/** A raw route's handler sends its body itself and returns the reply; any other returns the reply's input. */
type THandlerResult<R extends TApiRoute> = R['raw'] extends string ? FastifyReply : z.input<R['reply']>;

/**
 * The config key that marks a route registered here, holding its contract: route-table.test.ts checks every
 * /api/v1 route carries it, and the OpenAPI document reads the route's refusals from it (plugins/openapi.ts).
 */
export const API_ROUTE_CONFIG = 'apiRoute';

/** The contract of a route registered through registerRoute, if it was. */
export function contractOf(route: Pick<RouteOptions, 'config'>): TApiRoute | undefined {
  return (route.config as Record<string, unknown> | undefined)?.[API_ROUTE_CONFIG] as TApiRoute | undefined;
}

/**
 * Registers one route of the contracts (packages/contracts/src/api-route.ts), the only way an /api/v1 route is
 * added: its method and path, its params, query or body validated, its reply serialized with the contract's
 * schema (a raw route's handler sends its own). Handlers return the reply's input.
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
      ...(options.hide ? { hide: true } : {}),
      ...(route.params ? { params: route.params } : {}),
      ...(route.query ? { querystring: route.query } : {}),
      ...(route.body ? { body: route.body } : {}),
      // A multipart route reads its form in the handler; the document still says what it consumes.
      ...(route.multipart ? { consumes: ['multipart/form-data'] } : {}),
      ...(route.raw ? { produces: [route.raw] } : { response: { 200: route.reply } }),
    },
    ...(options.onRequest ? { onRequest: options.onRequest } : {}),
    config: { ...options.config, [API_ROUTE_CONFIG]: route } as Record<string, unknown>,
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    handler: handler as (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  });
}
