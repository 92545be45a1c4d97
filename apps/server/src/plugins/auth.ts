import type { TRole } from '@rounds/contracts/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../lib/errors';
import { verifyAccessToken } from '../lib/tokens';

export type AuthContext = { userId: string; role: TRole; sessionId: string };

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
  const row = await app.db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'users.role as role',
      'users.active as active',
      'users.deleted as deleted',
      'sessions.revoked_at as revokedAt',
    ])
    .where('sessions.id', '=', claims.sid)
    .where('sessions.user_id', '=', claims.sub)
    .executeTakeFirst();
  if (row?.active !== 1 || row.deleted === 1) return null;
  if (row.revokedAt !== null && row.revokedAt <= Date.now()) return null;
  return { userId: claims.sub, role: row.role, sessionId: claims.sid };
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
