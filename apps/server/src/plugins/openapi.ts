import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { errorCodes, type TErrorStatus } from '@rounds/contracts/api-route';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contractOf } from './api-route';

type TTransformInput = Parameters<typeof jsonSchemaTransform>[0];

/**
 * The refusals a route's contract names, as replies of the document: `{ message, code }` with the codes each
 * status carries, or the family's own error body (SCIM's Error, the scimTypes in its description). Documentation only: the error handler's replies are not serialized through them, so a
 * refusal is never turned into a 500 by its own description.
 */
function withRefusals(input: TTransformInput): TTransformInput {
  const contract = contractOf(input.route);
  if (!contract?.errors && !contract?.errorBody) return input;
  const { errors, errorBody } = contract;
  const response = { ...(input.schema.response as Record<number, unknown> | undefined) };
  // A family with its own error body (SCIM) answers every refusal in it, the 401 of a missing token included.
  if (errorBody) response[401] = errorBody.describe('No valid token');
  for (const status of Object.keys(errors ?? {}).map(Number) as TErrorStatus[]) {
    const codes = errorCodes(errors, status);
    if (errorBody) response[status] = errorBody.describe(codes.join(' or ') || 'Refused');
    else if (codes.length > 0)
      response[status] = z
        .object({ message: z.string(), code: z.enum(codes as [string, ...string[]]) })
        .describe(codes.join(' or '));
  }
  return { ...input, schema: { ...input.schema, response } };
}

/**
 * A 204 reply as no content: zod's null comes out of the OpenAPI 3.0 conversion as a nullable string, which
 * @fastify/swagger would print as a body; `type: 'null'` is its sign for a reply without one.
 */
function withEmptyReply(input: TTransformInput, output: ReturnType<typeof jsonSchemaTransform>) {
  if (contractOf(input.route)?.status !== 204) return output;
  const response = {
    ...(output.schema.response as Record<number, unknown>),
    204: { type: 'null', description: 'No content' },
  };
  return { ...output, schema: { ...output.schema, response } };
}

/** OpenAPI generated from the route contracts, browsable at /api/docs. */
export async function installOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Rounds API', version: '1' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: (input) => withEmptyReply(input, jsonSchemaTransform(withRefusals(input))),
  });
  // staticCSP hashes the UI's own inline bits, so the strict policy still holds on this page.
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
