import type { FastifyInstance } from 'fastify';

export type OpenApiDocument = {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, unknown> };
};
export type OpenApiOperation = {
  parameters?: { in: string; name: string; required?: boolean; schema?: unknown }[];
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  /** 200 and the refusals the route's contract names (plugins/openapi.ts): `{ message, code }`, code an enum. */
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: unknown }> }>;
};

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options']);

/** The OpenAPI document the app serves at /api/docs (plugins/openapi.ts), generated from the route contracts. */
export function openApiDocument(app: FastifyInstance): OpenApiDocument {
  return app.swagger() as unknown as OpenApiDocument;
}

/** Every operation of the document as "METHOD /path", the key of the route table. */
export function openApiRoutes(app: FastifyInstance): string[] {
  const doc = openApiDocument(app);
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.keys(ops)
      .filter((m) => METHODS.has(m))
      .map((m) => `${m.toUpperCase()} ${path}`),
  );
}

/** The refusals an operation declares: status -> the codes its `{ message, code }` may carry. */
export function declaredRefusals(op: OpenApiOperation): Map<number, string[]> {
  const out = new Map<number, string[]>();
  for (const [status, response] of Object.entries(op.responses ?? {})) {
    if (Number(status) < 400) continue;
    const schema = response.content?.['application/json']?.schema as
      | { properties?: { code?: { enum?: string[] } } }
      | undefined;
    out.set(Number(status), schema?.properties?.code?.enum ?? []);
  }
  return out;
}
