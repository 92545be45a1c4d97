import { routeUrl, type TApiRoute, type TBodyOut, type TParamsOut, type TQueryOut } from '@rounds/contracts/api-route';
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

/**
 * A raw route's handler sends its body itself and returns the reply; what a 204 route's returns is not sent
 * (the empty reply is sent here); any other returns the reply's input.
 */
type THandlerResult<R extends TApiRoute> = R['raw'] extends string
  ? FastifyReply
  : R['status'] extends 204
    ? unknown
    : z.input<R['reply']>;

/**
 * The config key that marks a route registered here, holding its contract: route-table.test.ts checks every
 * /api/v1 and /scim/v2 route carries it, and the OpenAPI document reads the route's refusals from it (plugins/openapi.ts).
 */
export const API_ROUTE_CONFIG = 'apiRoute';

/** The contract of a route registered through registerRoute, if it was. */
export function contractOf(route: Pick<RouteOptions, 'config'>): TApiRoute | undefined {
  return (route.config as Record<string, unknown> | undefined)?.[API_ROUTE_CONFIG] as TApiRoute | undefined;
}

/**
 * The url to register under `app`: the contract's full path, less the prefix of the encapsulated plugin that
 * registers it (SCIM's plugin is prefixed so that its not-found handler answers under /scim/v2 only).
 */
function urlIn(app: FastifyInstance, route: TApiRoute): string {
  const url = routeUrl(route);
  if (!url.startsWith(app.prefix)) throw new Error(`${url} registered under ${app.prefix}`);
  return url.slice(app.prefix.length);
}

/** The handler with the contract's success status: 201 set before, a 204 sent empty after. */
function withStatus(route: TApiRoute, handler: (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>) {
  const { status, media } = route;
  if (!status && !media) return handler;
  return async (req: FastifyRequest, reply: FastifyReply) => {
    if (media) reply.type(media);
    if (status !== 204) return handler(req, status ? reply.code(status) : reply);
    await handler(req, reply);
    return reply.code(204).send();
  };
}

/**
 * Registers one route of the contracts (packages/contracts/src/api-route.ts), the only way an /api/v1 or
 * /scim/v2 route is added: its method and path (under its family's base), its params, query or body validated,
 * its reply serialized with the contract's schema (a raw route's handler sends its own) under its status and
 * media type. Handlers return the reply's input.
 */
export function registerRoute<R extends TApiRoute>(
  app: FastifyInstance,
  route: R,
  options: TRouteOptions,
  handler: (req: TRouteRequest<R>, reply: FastifyReply) => Promise<THandlerResult<R>>,
): void {
  app.route({
    method: route.method,
    url: urlIn(app, route),
    schema: {
      tags: options.tags,
      ...(options.hide ? { hide: true } : {}),
      ...(route.params ? { params: route.params } : {}),
      ...(route.query ? { querystring: route.query } : {}),
      ...(route.body ? { body: route.body } : {}),
      // A multipart route reads its form in the handler; the document still says what it consumes.
      ...(route.multipart ? { consumes: ['multipart/form-data'] } : {}),
      // SCIM's bodies come in its media type or as plain JSON; the document says both.
      ...(route.media && route.body ? { consumes: [route.media, 'application/json'] } : {}),
      ...(route.media ? { produces: [route.media] } : {}),
      ...(route.raw ? { produces: [route.raw] } : { response: { [route.status ?? 200]: route.reply } }),
    },
    ...(options.onRequest ? { onRequest: options.onRequest } : {}),
    config: { ...options.config, [API_ROUTE_CONFIG]: route } as Record<string, unknown>,
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    handler: withStatus(route, handler as (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>),
  });
}
