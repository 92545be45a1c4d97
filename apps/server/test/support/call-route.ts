import { routePath, routeUrl, type TApiRoute, type TReplyOf, type TRouteCallInput } from '@rounds/contracts/api-route';
import { queryString, type TQueryValue } from '@rounds/test-kit/route-fetch';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { z } from 'zod';
import { multipart, type Part } from './multipart';

/** A route's input, typed by its contract: params, query and body as the web sends them. */
export type TRouteInput<R extends TApiRoute> = TRouteCallInput<R, { multipart: Part[] }> & {
  /** A session's access token, sent as the bearer. */
  token?: string;
  headers?: Record<string, string>;
  cookies?: Record<string, string>;
  /** The client's address (the per-IP limits of the sign-in routes). */
  remoteAddress?: string;
  /** A body sent as these bytes instead of `body` (JSON that does not parse), in the route's content type. */
  rawBody?: string;
};

/** The refusal body every route answers with (plugins/error-handler.ts), extras such as `attemptLeft` included. */
export type TErrorBody = { message: string; code: string } & Record<string, unknown>;

export type TRouteResponse<R extends TApiRoute> = Omit<LightMyRequestResponse, 'json'> & {
  /** The success reply, typed by the contract. */
  json(): TReplyOf<R>;
  /** A refusal's `{ message, code }`, or the family's own error body (SCIM's Error). */
  error(): R['errorBody'] extends z.ZodType ? z.output<R['errorBody']> : TErrorBody;
};

/** Input a test sends on purpose against the contract (a missing field, a wrong type): typed as anything. */
export const unchecked = <T>(value: T): never => value as never;

/**
 * Calls one route of the contracts as a client would (the server tests' only way to an /api/v1 or /scim/v2
 * route): the path from the descriptor (under its family's base) with its params filled, the query, a JSON (in
 * the route's media type) or multipart body, the bearer token.
 * Answers the inject response with the reply typed.
 */
export async function callRoute<R extends TApiRoute>(
  app: FastifyInstance,
  route: R,
  input: TRouteInput<R>,
): Promise<TRouteResponse<R>> {
  const { params, query, token, cookies, remoteAddress } = input as {
    params?: Record<string, unknown>;
    query?: Record<string, TQueryValue | readonly TQueryValue[]>;
    token?: string;
    cookies?: Record<string, string>;
    remoteAddress?: string;
  };
  const form = 'multipart' in input && input.multipart ? multipart(input.multipart as Part[]) : undefined;
  const body = 'body' in input ? (input as { body?: unknown }).body : undefined;
  const payload = input.rawBody ?? (body === undefined ? undefined : JSON.stringify(body));
  const res = await app.inject({
    method: route.method,
    url: `${routeUrl({ ...route, path: routePath(route, params) as `/${string}` })}${queryString(query)}`,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(form ? form.headers : payload === undefined ? {} : { 'content-type': route.media ?? 'application/json' }),
      ...input.headers,
    },
    ...(cookies ? { cookies } : {}),
    ...(remoteAddress ? { remoteAddress } : {}),
    ...(form ? { payload: form.payload } : payload === undefined ? {} : { payload }),
  });
  return Object.assign(res, { error: () => res.json() }) as TRouteResponse<R>;
}
