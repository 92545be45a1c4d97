import type { TApiRoute, TBodyIn, TQueryIn, TReplyOf } from '@rounds/contracts/api-route';
import type { z } from 'zod';
import { apiRequest, apiUpload, type TRequestOptions, type TUploadOptions } from './api-client';

type TCallInput<R extends TApiRoute> = (R['query'] extends object ? { query: TQueryIn<R> } : { query?: undefined }) &
  (R['multipart'] extends true
    ? { body: FormData }
    : R['body'] extends object
      ? { body: TBodyIn<R> }
      : { body?: undefined });

type TCallOptions = Pick<TRequestOptions<unknown>, 'signal' | 'toast' | 'timeoutMs' | 'blob' | 'auth'> & {
  /**
   * A multipart route sent as an upload (apiUpload): progress reported, and no timeout, since a large file on
   * a weak ward Wi-Fi may take longer than a minute and the progress shows it is moving.
   */
  upload?: Pick<TUploadOptions<unknown>, 'onProgress'>;
  /**
   * A lighter check of the reply than the route's own schema, such as its envelope only: a list of 20,000
   * contacts checked row by row costs as long as parsing the JSON. The caller checks what it skips.
   */
  replyCheck?: z.ZodType;
};

/** A file route's reply is its bytes. */
type TCallReply<R extends TApiRoute> = R['file'] extends true ? Blob : TReplyOf<R>;

/** Calls one route of the contracts: its method and path, the request typed by its schema, the reply parsed. */
export function apiCall<R extends TApiRoute>(
  route: R,
  input: TCallInput<R>,
  options: TCallOptions = {},
): Promise<TCallReply<R>> {
  const { upload, replyCheck, ...rest } = options;
  const schema = (replyCheck ?? route.reply) as never;
  if (upload && route.multipart && input.body instanceof FormData) {
    return apiUpload<TCallReply<R>>(route.path, input.body, {
      schema,
      onProgress: upload.onProgress,
      signal: rest.signal,
      toast: rest.toast,
    });
  }
  return apiRequest<TCallReply<R>>(route.path, {
    ...rest,
    ...(route.file ? { blob: true } : {}),
    method: route.method,
    query: input.query as TRequestOptions<unknown>['query'],
    body: input.body,
    schema,
  });
}
