import { SCIM_MEDIA, scimErrorBody } from '@rounds/contracts/scim';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors';
import { requestLanguage } from '../lib/request-language';
import { issueText, text } from '../lib/texts';
import { underScim } from './client-error';

type ErrorBody = { message: string; code: string } & Record<string, unknown>;

/** Fastify's own client-error codes mapped to our stable codes. */
const FASTIFY_CODES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'BAD_REQUEST',
  FST_ERR_VALIDATION: 'VALIDATION_ERROR',
};

/** What busboy says of a multipart body it cannot read. */
const MALFORMED_MULTIPART =
  /^(Multipart: |Unexpected end of (form|multipart data)|Malformed part header|The needle cannot have a length)/;

function fieldName(path: string): string {
  return path.replace(/^\//, '').replaceAll('/', '.');
}

/**
 * One error shape for every failure: { message, code } with a fitting status.
 * Client mistakes keep their 4xx and a message naming the field; anything else is logged and becomes a 500
 * whose message reveals nothing.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    let status = 500;
    const lang = requestLanguage(request);
    let body: ErrorBody = { message: text('retry', lang), code: 'INTERNAL_ERROR' };

    if (error instanceof AppError) {
      status = error.statusCode;
      body = {
        message: error.render(lang),
        code: error.code,
        ...error.extra,
      };
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      status = 400;
      const first = error.validation[0];
      const where = first?.instancePath ? fieldName(first.instancePath) : (error.validationContext ?? 'body');
      const field = first?.params && 'missingProperty' in first.params ? first.params.missingProperty : undefined;
      body = {
        message: `${field ? `${where}.${String(field)}` : where}: ${issueText(first?.message, lang)}`,
        code: 'VALIDATION_ERROR',
      };
    } else if (MALFORMED_MULTIPART.test(error.message ?? '')) {
      // busboy's own errors carry no status: a body that is not the multipart it claims is the client's.
      status = 400;
      body = { message: `body: ${text('notValidMultipart', lang)}`, code: 'BAD_REQUEST' };
    } else if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'reply does not match its contract');
    } else if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
      status = error.statusCode;
      const code =
        FASTIFY_CODES[error.code] ??
        (status === 413
          ? 'PAYLOAD_TOO_LARGE'
          : status === 429
            ? 'RATE_LIMITED'
            : status === 404
              ? 'NOT_FOUND'
              : 'BAD_REQUEST');
      body = { message: error.message, code };
    }

    if (status >= 500) request.log.error({ err: error }, 'request failed');
    // A path under /scim/v2 that no SCIM route matched (a doubled slash, say) is refused here, by the app's
    // handlers: still in SCIM's Error body, the only one its clients read.
    if (underScim(request.url))
      return reply
        .status(status)
        .type(SCIM_MEDIA)
        .send(scimErrorBody(status, String(body.message)));
    return reply.status(status).send(body);
  });
}
