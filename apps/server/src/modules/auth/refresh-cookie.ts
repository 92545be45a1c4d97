import { API_PREFIX } from '@rounds/contracts/limits';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { isHttps } from '../../plugins/security';

export const REFRESH_COOKIE = 'rounds_refresh';
const COOKIE_PATH = `${API_PREFIX}/auth`;

// The clearing cookie carries the same attributes as the cookie it replaces.
const cookieOptions = (req: FastifyRequest, config: Config) => ({
  httpOnly: true,
  sameSite: 'strict' as const,
  secure: isHttps(req, config),
  path: COOKIE_PATH,
});

export const clearRefreshCookie = (req: FastifyRequest, reply: FastifyReply, config: Config) =>
  reply.clearCookie(REFRESH_COOKIE, cookieOptions(req, config));

/** The session's refresh token, for password sign-in and single sign-on alike. */
export function setRefreshCookie(
  req: FastifyRequest,
  reply: FastifyReply,
  config: Config,
  s: { refreshToken: string; refreshExpiresAt: number; remember: boolean },
) {
  reply.setCookie(REFRESH_COOKIE, s.refreshToken, {
    ...cookieOptions(req, config),
    // Remember me: the cookie outlives the browser; otherwise it ends with the browser session.
    ...(s.remember ? { expires: new Date(s.refreshExpiresAt) } : {}),
  });
}
