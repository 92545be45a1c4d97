import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { SCIM_BASE_PATH, SCIM_MEDIA, scimErrorBody } from '@rounds/contracts/scim';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

/** Node's parser errors that reach no route, with the status and stable code each answers with. */
const PARSER_ERRORS: Record<string, [number, string, string]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'REQUEST_TIMEOUT', 'The request took too long to arrive.'],
  HPE_HEADER_OVERFLOW: [431, 'HEADERS_TOO_LARGE', 'The request line or headers are too large.'],
};
const MALFORMED: [number, string, string] = [400, 'BAD_REQUEST', 'The request is not valid HTTP.'];

/**
 * Fastify's clientErrorHandler: a request Node cannot parse (headers over the limit, a body that never ends,
 * broken HTTP) is answered before any route or error handler runs. Fastify's default answers
 * { error, message, statusCode }; this keeps the one error shape of every other reply, { message, code }.
 */
export function clientErrorHandler(err: Error & { code?: string }, socket: Socket): void {
  // A reset connection has nobody left to answer.
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, message] = PARSER_ERRORS[err.code ?? ''] ?? MALFORMED;
  const body = JSON.stringify({ message, code });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}

/** A request to the SCIM service, whose clients read only SCIM's Error body, whichever handler refuses it. */
export const underScim = (url: string): boolean => url.startsWith(`${SCIM_BASE_PATH}/`);

/**
 * Fastify's frameworkErrors: a path the router refuses before any plugin sees it (a malformed escape, a path
 * parameter over the length limit) answers { message, code }, or SCIM's Error body under /scim/v2, whose
 * clients read only that (docs/decisions.md "SCIM provisioning").
 */
export function routerErrorHandler(err: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const status = err.statusCode ?? 400;
  if (underScim(request.url)) return reply.code(status).type(SCIM_MEDIA).send(scimErrorBody(status, err.message));
  return reply.code(status).send({ message: err.message, code: err.code });
}
