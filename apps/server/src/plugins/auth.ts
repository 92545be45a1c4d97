import type { TRole } from '@rounds/contracts/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AuthContext } from '../lib/auth-context';
import { forbidden, unauthorized } from '../lib/errors';
import { verifyAccessToken } from '../lib/tokens';
import { sessionStateOf } from '../modules/users/session-state.store';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

export function bearerToken(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  return header.slice(7).trim() || null;
}

/**
 * Resolves the access token into a live session of an active user. A token is valid only while its session
 * is: logout, password change, deactivation and deletion revoke sessions and take effect on the next call.
 */
export async function resolveAuth(app: FastifyInstance, token: string): Promise<AuthContext | null> {
  const claims = await verifyAccessToken(app.config.JWT_SECRET, token);
  if (!claims) return null;
  // One query for both: the session is live and its user is active and not deleted.
  const state = await sessionStateOf(app.db, claims.sid, claims.sub);
  if (!state?.live) return null;
  return { userId: claims.sub, role: state.role, sessionId: claims.sid };
}

export function installAuth(app: FastifyInstance): void {
  app.decorateRequest('auth', null);
}

/** onRequest: a live session, and one of `roles` when given. */
export function requireAuth(app: FastifyInstance, roles?: readonly TRole[]) {
  return async (req: FastifyRequest, _reply: FastifyReply) => {
    const token = bearerToken(req);
    const auth = token ? await resolveAuth(app, token) : null;
    if (!auth) throw unauthorized('sessionExpired');
    if (roles && !roles.includes(auth.role)) throw forbidden();
    req.auth = auth;
  };
}

export function authOf(req: FastifyRequest): AuthContext {
  if (!req.auth) throw unauthorized();
  return req.auth;
}
