import { API_PREFIX } from '@rounds/contracts/limits';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isHttps } from '../../plugins/security';
import type { SessionResult } from './auth.service';

/** The httpOnly refresh cookie a sign-in sets: after the password, or after the second factor (identity/mfa). */
export const REFRESH_COOKIE = 'rounds_refresh';
const COOKIE_PATH = `${API_PREFIX}/auth`;

// The clearing cookie carries the same attributes as the cookie it replaces.
const cookieOptions = (app: FastifyInstance, req: FastifyRequest) => ({
  httpOnly: true,
  sameSite: 'strict' as const,
  secure: isHttps(req, app.config),
  path: COOKIE_PATH,
});

export const clearRefreshCookie = (app: FastifyInstance, req: FastifyRequest, reply: FastifyReply) =>
  reply.clearCookie(REFRESH_COOKIE, cookieOptions(app, req));

export function setRefreshCookie(app: FastifyInstance, req: FastifyRequest, reply: FastifyReply, s: SessionResult) {
  reply.setCookie(REFRESH_COOKIE, s.refreshToken, {
    ...cookieOptions(app, req),
    // Remember me: the cookie outlives the browser; otherwise it ends with the browser session.
    ...(s.remember ? { expires: new Date(s.refreshExpiresAt) } : {}),
  });
}
