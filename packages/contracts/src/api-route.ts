import type { z } from 'zod';
import { API_PREFIX } from './limits';

/**
 * One HTTP route as a contract: method, path (under API_PREFIX, `:name` segments for path parameters), its
 * params, query or body schema, the 200 reply and the refusals it may answer. The server registers it
 * (apps/server/src/plugins/api-route.ts), the web calls it (lib/api-call.ts) and the server tests call it
 * (apps/server/test/support/call-route.ts), so a path, a request and a reply are written once. A multipart route names no body
 * schema; its fields are read by the server from the form. A raw route's handler writes its own body (a file,
 * a CSV stream) of the content type it names; `reply` then says nothing about it.
 */
export type THttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The statuses a route may refuse with, besides the 401/403/429 every guarded or limited route may answer. */
export type TErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429 | 503;

/**
 * Each refusal status with the error codes it carries: the `code` of `{ message, code }`, or what names the
 * refusal in the route family's own error body (SCIM's scimType).
 */
export type TRouteErrors = Partial<Record<TErrorStatus, string | readonly string[]>>;

export type TApiRoute = {
  method: THttpMethod;
  path: `/${string}`;
  /**
   * The path prefix of a family of routes outside the JSON API (SCIM's /scim/v2), where a protocol of its own
   * fixes the paths; API_PREFIX unless said.
   */
  base?: `/${string}`;
  /** The success status when it is not 200: 201 for a creation, 204 for no body (`reply` is then z.null()). */
  status?: 201 | 204;
  /** The reply's JSON content type when it is not application/json (SCIM's application/scim+json). */
  media?: string;
  /** The family's refusal body, when it is not the `{ message, code }` of the JSON API (SCIM's Error). */
  errorBody?: z.ZodType;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  multipart?: true;
  /** The content type a raw route answers with; its handler sends the body itself. */
  raw?: string;
  reply: z.ZodType;
  errors?: TRouteErrors;
};

/** `'/user/:id/avatar/:file'` -> `'id' | 'file'`. */
export type TPathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | TPathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** A path with parameters needs a params schema naming each of them; a path without needs none. */
type TParamsOfPath<T extends TApiRoute> = [TPathParamNames<T['path']>] extends [never]
  ? { params?: undefined }
  : { params: z.ZodType<Record<TPathParamNames<T['path']>, unknown>> };

export function apiRoute<const T extends TApiRoute>(route: T & TParamsOfPath<T>): T {
  return route;
}

/** The codes of one refusal status, as a list. */
export function errorCodes(errors: TRouteErrors | undefined, status: TErrorStatus): readonly string[] {
  const codes = errors?.[status];
  return codes === undefined ? [] : typeof codes === 'string' ? [codes] : codes;
}

/** What a caller passes: the schema's input. */
export type TParamsIn<R extends TApiRoute> = R['params'] extends z.ZodType ? z.input<R['params']> : undefined;
export type TQueryIn<R extends TApiRoute> = R['query'] extends z.ZodType ? z.input<R['query']> : undefined;
export type TBodyIn<R extends TApiRoute> = R['body'] extends z.ZodType ? z.input<R['body']> : undefined;
/** What a handler receives: the schema's output. */
export type TParamsOut<R extends TApiRoute> = R['params'] extends z.ZodType ? z.output<R['params']> : undefined;
export type TQueryOut<R extends TApiRoute> = R['query'] extends z.ZodType ? z.output<R['query']> : undefined;
export type TBodyOut<R extends TApiRoute> = R['body'] extends z.ZodType ? z.output<R['body']> : undefined;
export type TReplyOf<R extends TApiRoute> = z.output<R['reply']>;

/**
 * What a caller passes for one route: params, query and body typed by its schemas. A multipart route's form is
 * the caller's own kind (the browser's FormData, a test's parts), so it is named by TForm.
 */
export type TRouteCallInput<R extends TApiRoute, TForm extends object> = (R['params'] extends object
  ? { params: TParamsIn<R> }
  : { params?: undefined }) &
  (R['query'] extends object ? { query: TQueryIn<R> } : { query?: undefined }) &
  (R['multipart'] extends true ? TForm : R['body'] extends object ? { body: TBodyIn<R> } : { body?: undefined });

/** The full path of a route: its family's base (API_PREFIX unless said) and its own path, `:name` segments as they are. */
export function routeUrl(route: Pick<TApiRoute, 'base' | 'path'>): string {
  return `${route.base ?? API_PREFIX}${route.path}`;
}

/** The path with its `:name` segments filled in, each value URI-encoded. */
export function routePath(route: Pick<TApiRoute, 'path'>, params: Record<string, unknown> | undefined): string {
  return route.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`${route.path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}
