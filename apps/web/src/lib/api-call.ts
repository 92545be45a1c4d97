import { routePath, type TApiRoute, type TReplyOf, type TRouteCallInput } from '@rounds/contracts/api-route';
import type { z } from 'zod';
import { apiRequest, apiUpload, type TRequestOptions } from './api-client';

type TCallInput<R extends TApiRoute> = TRouteCallInput<R, { body: FormData }>;

type TCallOptions = Pick<TRequestOptions<unknown>, 'signal' | 'toast' | 'timeoutMs' | 'blob' | 'auth' | 'token'> & {
  /** A multipart route's upload progress, 0 to 1: sent with XMLHttpRequest, which can report it (apiUpload). */
  onProgress?: (fraction: number) => void;
  /**
   * A lighter check of the reply than the route's own schema, such as its envelope only: a list of 20,000
   * contacts checked row by row costs as long as parsing the JSON. The caller checks what it skips.
   */
  replyCheck?: z.ZodType;
};

/**
 * A route of the first download (the login page, the app's start): its method and path, written where zod is
 * not (packages/contracts/src/first-download-routes.ts), and its contract, which loads alongside the request.
 */
export type TLazyRoute<R extends TApiRoute> = Pick<R, 'method' | 'path'> & { load: () => Promise<R> };

export function lazyRoute<R extends TApiRoute>(address: Pick<R, 'method' | 'path'>, load: () => Promise<R>) {
  return { method: address.method, path: address.path, load } as TLazyRoute<R>;
}

/**
 * Calls one route of the contracts: its method and path with the params filled in, the request typed by its
 * schema, the reply parsed. The web's only way to the API (lib/api-client underneath).
 */
export function apiCall<R extends TApiRoute>(
  route: R | TLazyRoute<R>,
  input: TCallInput<R>,
  options: TCallOptions = {},
): Promise<TReplyOf<R>> {
  const { onProgress, replyCheck, ...rest } = options;
  const path = routePath(route, input.params as Record<string, unknown> | undefined);
  const schema = replyCheck ?? ('load' in route ? () => route.load().then((loaded) => loaded.reply) : route.reply);
  if (onProgress && input.body instanceof FormData) {
    return apiUpload<TReplyOf<R>>(path, input.body, {
      schema: schema as never,
      onProgress,
      signal: rest.signal,
      toast: rest.toast,
    });
  }
  return apiRequest<TReplyOf<R>>(path, {
    ...rest,
    // A route of a family outside the JSON API (a contract's base); the first download's routes are all /api/v1.
    ...('load' in route || !route.base ? {} : { base: route.base }),
    method: route.method,
    query: input.query as TRequestOptions<unknown>['query'],
    body: input.body,
    schema: schema as never,
  });
}
