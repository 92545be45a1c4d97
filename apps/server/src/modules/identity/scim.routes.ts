import { SCIM_BASE_PATH } from '@rounds/contracts/scim';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ScimError as PatchLibraryError } from 'scim-patch';
import { AppError } from '../../lib/errors';
import { createUser, updateUser } from '../admin/admin-user-edit';
import { deleteUser, setUserActive, updateRole } from '../admin/admin-users.service';
import { changeMembership } from '../admin/reference-members';
import { ScimProblem, scimErrorBody } from './scim.rules';
import * as scim from './scim.service';
import { resourceTypes, schemas, serviceProviderConfig } from './scim-discovery';
import { authenticateScim } from './scim-tokens.service';

/*
 * /scim/v2 (RFC 7644), in this one plugin rather than as contract descriptors (docs/decisions.md "SCIM
 * provisioning"): the protocol has its own media type, its own error body for every refusal (a 401 too), PATCH,
 * and bodies whose validity is SCIM's rules (case-insensitive attribute names, Entra's quirks), not a zod
 * schema; registerRoute serves /api/v1 with the {message, code} error shape. Hidden from the OpenAPI document.
 */

const MEDIA = 'application/scim+json';

declare module 'fastify' {
  interface FastifyRequest {
    scimCaller?: scim.ScimCaller;
  }
}

function adminServices(app: FastifyInstance): scim.ScimAdmin {
  return {
    createUser: (actor, u, ctx) => createUser(app, actor, u, ctx),
    updateUser: (actor, u, ctx) => updateUser(app, actor, u, ctx),
    setUserActive: (actor, o) => setUserActive(app, actor, o),
    deleteUser: (actor, o) => deleteUser(app, actor, o),
    changeMembership: (actor, o) => changeMembership(app, actor, o),
    updateRole: (actor, o) => updateRole(app, actor, o),
  };
}

/** Any error as SCIM's error body: ours with their scimType, the admin services' by status, the rest a 500. */
function scimError(app: FastifyInstance, err: unknown): { status: number; body: ReturnType<typeof scimErrorBody> } {
  if (err instanceof ScimProblem)
    return { status: err.status, body: scimErrorBody(err.status, err.detail, err.scimType) };
  if (err instanceof PatchLibraryError) {
    const type = /not found/i.test(err.message) ? 'noTarget' : (err.scimCode ?? 'invalidValue');
    return { status: 400, body: scimErrorBody(400, err.message, type) };
  }
  if (err instanceof AppError) {
    const type = err.statusCode === 409 ? 'uniqueness' : err.statusCode === 400 ? 'invalidValue' : undefined;
    return { status: err.statusCode, body: scimErrorBody(err.statusCode, err.message, type) };
  }
  const fastifyError = err as FastifyError;
  if (typeof fastifyError.statusCode === 'number' && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
    const type = fastifyError.statusCode === 400 ? 'invalidSyntax' : undefined;
    return {
      status: fastifyError.statusCode,
      body: scimErrorBody(fastifyError.statusCode, fastifyError.message, type),
    };
  }
  app.log.error({ err }, 'scim request failed');
  return { status: 500, body: scimErrorBody(500, 'The request could not be completed') };
}

export async function scimRoutesPlugin(parent: FastifyInstance): Promise<void> {
  await parent.register(
    async (app) => {
      const base = `${app.config.PUBLIC_URL}${SCIM_BASE_PATH}`;
      const deps: scim.ScimDeps = {
        db: app.db,
        log: app.log,
        groups: app.config.SCIM_GROUPS,
        admin: adminServices(app),
      };

      // SCIM's own media type, and plain JSON (some clients send it); a body that is not JSON is invalidSyntax.
      app.removeContentTypeParser('application/json');
      app.addContentTypeParser([MEDIA, 'application/json'], { parseAs: 'string' }, (_req, body, done) => {
        if (body === '') return done(null, undefined);
        try {
          done(null, JSON.parse(body as string));
        } catch {
          done(new ScimProblem(400, 'invalidSyntax', 'The body is not JSON'), undefined);
        }
      });

      app.setErrorHandler((err, _req, reply) => {
        const { status, body } = scimError(app, err);
        return reply.code(status).type(MEDIA).send(body);
      });
      app.setNotFoundHandler((_req, reply) =>
        reply.code(404).type(MEDIA).send(scimErrorBody(404, 'No such SCIM endpoint')),
      );

      app.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
        const token = await authenticateScim(deps, req.headers.authorization);
        if (!token) {
          return reply
            .code(401)
            .header('www-authenticate', 'Bearer realm="scim"')
            .type(MEDIA)
            .send(scimErrorBody(401, 'A valid bearer token is required'));
        }
        req.scimCaller = {
          tokenId: token.tokenId,
          actor: { userId: token.createdBy, role: 'Admin', sessionId: `scim:${token.tokenId}` },
          ip: req.ip,
          base,
        };
      });
      app.addHook('onSend', async (_req, reply, payload) => {
        if (String(reply.getHeader('content-type') ?? '').startsWith('application/json')) reply.type(MEDIA);
        return payload;
      });

      const schema = { hide: true } as const;
      const caller = (req: FastifyRequest) => req.scimCaller!;
      type Req = FastifyRequest<{ Params: { id: string }; Querystring: Record<string, unknown> }>;

      app.get('/ServiceProviderConfig', { schema }, async () => serviceProviderConfig(base));
      app.get('/ResourceTypes', { schema }, async () => resourceTypes(base));
      app.get('/ResourceTypes/:id', { schema }, async (req: Req) => {
        const found = resourceTypes(base).Resources.find((r) => r.id === req.params.id);
        if (!found) throw new ScimProblem(404, undefined, `No resource type ${req.params.id}`);
        return found;
      });
      app.get('/Schemas', { schema }, async () => schemas(base));
      app.get('/Schemas/:id', { schema }, async (req: Req) => {
        const found = schemas(base).Resources.find((r) => r.id === req.params.id);
        if (!found) throw new ScimProblem(404, undefined, `No schema ${req.params.id}`);
        return found;
      });

      app.get('/Users', { schema }, async (req: Req) => scim.listUsers(deps, caller(req), req.query));
      app.post('/Users', { schema }, async (req, reply) =>
        reply.code(201).send(await scim.createUser(deps, caller(req), req.body)),
      );
      app.get('/Users/:id', { schema }, async (req: Req) => scim.getUser(deps, caller(req), req.params.id));
      app.put('/Users/:id', { schema }, async (req: Req) =>
        scim.replaceUser(deps, caller(req), req.params.id, req.body),
      );
      app.patch('/Users/:id', { schema }, async (req: Req) =>
        scim.patchUser(deps, caller(req), req.params.id, req.body),
      );
      app.delete('/Users/:id', { schema }, async (req: Req, reply) => {
        await scim.deleteUser(deps, caller(req), req.params.id);
        return reply.code(204).send();
      });

      app.get('/Groups', { schema }, async (req: Req) => scim.listGroups(deps, caller(req), req.query));
      app.post('/Groups', { schema }, async (req, reply) =>
        reply.code(201).send(await scim.createGroup(deps, caller(req), req.body)),
      );
      app.get('/Groups/:id', { schema }, async (req: Req) =>
        scim.getGroup(deps, caller(req), req.params.id, req.query),
      );
      app.put('/Groups/:id', { schema }, async (req: Req) =>
        scim.replaceGroup(deps, caller(req), req.params.id, req.body),
      );
      app.patch('/Groups/:id', { schema }, async (req: Req) =>
        scim.patchGroup(deps, caller(req), req.params.id, req.body),
      );
      app.delete('/Groups/:id', { schema }, async (req: Req, reply) => {
        await scim.deleteGroup(deps, caller(req), req.params.id);
        return reply.code(204).send();
      });
    },
    { prefix: SCIM_BASE_PATH },
  );
}
