import { SCIM_BASE_PATH, SCIM_MEDIA, scimErrorBody, scimRoutes } from '@rounds/contracts/scim';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ScimError as PatchLibraryError } from 'scim-patch';
import { AppError } from '../../lib/errors';
import { registerRoute } from '../../plugins/api-route';
import { ScimProblem } from './scim.rules';
import * as scim from './scim.service';
import { resourceTypes, schemas, serviceProviderConfig } from './scim-discovery';
import { authenticateScim } from './scim-tokens.service';

/*
 * /scim/v2 (RFC 7644): the contracts' scimRoutes, registered with registerRoute inside this encapsulated plugin,
 * which gives the family what the JSON API does not have (docs/decisions.md "SCIM provisioning"): SCIM's media
 * type parsed, its error body for every refusal (a 401 and a 404 of no route too), and the SCIM token as the
 * only credential. Bodies are judged by SCIM's rules (scim.rules.ts), not by the contracts' loose schemas.
 */

declare module 'fastify' {
  interface FastifyRequest {
    scimCaller?: scim.ScimCaller;
  }
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
        admin: app.admin,
      };

      // SCIM's own media type, and plain JSON (some clients send it); a body that is not JSON is invalidSyntax.
      app.removeContentTypeParser('application/json');
      app.addContentTypeParser([SCIM_MEDIA, 'application/json'], { parseAs: 'string' }, (_req, body, done) => {
        if (body === '') return done(null, undefined);
        try {
          done(null, JSON.parse(body as string));
        } catch {
          done(new ScimProblem(400, 'invalidSyntax', 'The body is not JSON'), undefined);
        }
      });

      app.setErrorHandler((err, _req, reply) => {
        const { status, body } = scimError(app, err);
        return reply.code(status).type(SCIM_MEDIA).send(body);
      });
      app.setNotFoundHandler((_req, reply) =>
        reply.code(404).type(SCIM_MEDIA).send(scimErrorBody(404, 'No such SCIM endpoint')),
      );

      app.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
        const token = await authenticateScim(deps, req.headers.authorization);
        if (!token) {
          return reply
            .code(401)
            .header('www-authenticate', 'Bearer realm="scim"')
            .type(SCIM_MEDIA)
            .send(scimErrorBody(401, 'A valid bearer token is required'));
        }
        req.scimCaller = {
          tokenId: token.tokenId,
          actor: { userId: token.createdBy, role: 'Admin', sessionId: `scim:${token.tokenId}` },
          ip: req.ip,
          base,
        };
      });
      const caller = (req: FastifyRequest) => req.scimCaller!;
      const tags = ['scim'];
      const r = scimRoutes;

      registerRoute(app, r.serviceProviderConfig, { tags }, async () => serviceProviderConfig(base));
      registerRoute(app, r.resourceTypes, { tags }, async () => resourceTypes(base));
      registerRoute(app, r.resourceType, { tags }, async (req) => {
        const found = resourceTypes(base).Resources.find((x) => x.id === req.params.id);
        if (!found) throw new ScimProblem(404, undefined, `No resource type ${req.params.id}`);
        return found;
      });
      registerRoute(app, r.schemas, { tags }, async () => schemas(base));
      registerRoute(app, r.schema, { tags }, async (req) => {
        const found = schemas(base).Resources.find((x) => x.id === req.params.id);
        if (!found) throw new ScimProblem(404, undefined, `No schema ${req.params.id}`);
        return found;
      });

      registerRoute(app, r.listUsers, { tags }, async (req) => scim.listUsers(deps, caller(req), req.query));
      registerRoute(app, r.createUser, { tags }, async (req) => scim.createUser(deps, caller(req), req.body));
      registerRoute(app, r.getUser, { tags }, async (req) => scim.getUser(deps, caller(req), req.params.id));
      registerRoute(app, r.replaceUser, { tags }, async (req) =>
        scim.replaceUser(deps, caller(req), req.params.id, req.body),
      );
      registerRoute(app, r.patchUser, { tags }, async (req) =>
        scim.patchUser(deps, caller(req), req.params.id, req.body),
      );
      registerRoute(app, r.deleteUser, { tags }, async (req) => scim.deleteUser(deps, caller(req), req.params.id));

      registerRoute(app, r.listGroups, { tags }, async (req) => scim.listGroups(deps, caller(req), req.query));
      registerRoute(app, r.createGroup, { tags }, async (req) => scim.createGroup(deps, caller(req), req.body));
      registerRoute(app, r.getGroup, { tags }, async (req) =>
        scim.getGroup(deps, caller(req), req.params.id, req.query),
      );
      registerRoute(app, r.replaceGroup, { tags }, async (req) =>
        scim.replaceGroup(deps, caller(req), req.params.id, req.body),
      );
      registerRoute(app, r.patchGroup, { tags }, async (req) =>
        scim.patchGroup(deps, caller(req), req.params.id, req.body),
      );
      registerRoute(app, r.deleteGroup, { tags }, async (req) => scim.deleteGroup(deps, caller(req), req.params.id));
    },
    { prefix: SCIM_BASE_PATH },
  );
}
