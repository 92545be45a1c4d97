import type { TApiRoute, TBodyIn, TQueryIn, TReplyOf } from '@rounds/contracts/api-route';
import { apiRequest, type TRequestOptions } from './api-client';

type TCallInput<R extends TApiRoute> = (R['query'] extends object ? { query: TQueryIn<R> } : { query?: undefined }) &
  (R['multipart'] extends true
    ? { body: FormData }
    : R['body'] extends object
      ? { body: TBodyIn<R> }
      : { body?: undefined });

type TCallOptions = Pick<TRequestOptions<unknown>, 'signal' | 'toast' | 'timeoutMs' | 'blob'>;

/** Calls one route of the contracts: its method and path, the request typed by its schema, the reply parsed. */
export function apiCall<R extends TApiRoute>(
  route: R,
  input: TCallInput<R>,
  options: TCallOptions = {},
): Promise<TReplyOf<R>> {
  return apiRequest<TReplyOf<R>>(route.path, {
    ...options,
    method: route.method,
    query: input.query as TRequestOptions<unknown>['query'],
    body: input.body,
    schema: route.reply as never,
  });
}
