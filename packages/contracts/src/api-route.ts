import type { z } from 'zod';

/**
 * One HTTP route as a contract: method, path (under API_PREFIX), query or body schema, and the 200 reply.
 * The server registers it (apps/server/src/plugins/api-route.ts) and the web calls it (lib/api-call.ts), so
 * a path, a request and a reply are written once. A multipart route names its file fields instead of a body
 * schema; its other fields are read by the server from the form. A file route answers with a file's bytes (an
 * image, a voice note) instead of JSON: its `reply` is `z.unknown()` and the web reads the bytes as a Blob.
 */
export type THttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export type TApiRoute = {
  method: THttpMethod;
  path: `/${string}`;
  query?: z.ZodType;
  body?: z.ZodType;
  multipart?: true;
  file?: true;
  reply: z.ZodType;
};

export function apiRoute<const T extends TApiRoute>(route: T): T {
  return route;
}

/** What a caller passes: the schema's input. */
export type TQueryIn<R extends TApiRoute> = R['query'] extends z.ZodType ? z.input<R['query']> : undefined;
export type TBodyIn<R extends TApiRoute> = R['body'] extends z.ZodType ? z.input<R['body']> : undefined;
/** What a handler receives: the schema's output. */
export type TQueryOut<R extends TApiRoute> = R['query'] extends z.ZodType ? z.output<R['query']> : undefined;
export type TBodyOut<R extends TApiRoute> = R['body'] extends z.ZodType ? z.output<R['body']> : undefined;
export type TReplyOf<R extends TApiRoute> = z.output<R['reply']>;
